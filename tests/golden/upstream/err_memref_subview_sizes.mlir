// The subview's shape follows its sizes.
func.func @f(%m: memref<96x64xf16>) {
  %0 = memref.subview %m[0, 0] [2, 64] [1, 1] : memref<96x64xf16> to memref<1x64xf16, strided<[64, 1]>>
  return
}
