// dealloc takes a memref.
func.func @f(%t: tensor<4xf16>) {
  memref.dealloc %t : tensor<4xf16>
  return
}
