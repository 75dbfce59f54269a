// alloc takes one size per dynamic dimension.
func.func @f(%n: index) {
  %a = memref.alloc(%n) : memref<4x4xf16>
  return
}
