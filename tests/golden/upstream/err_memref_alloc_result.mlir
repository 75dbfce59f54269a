// alloc returns a memref.
func.func @f() {
  %a = memref.alloc() : tensor<4xf16>
  return
}
