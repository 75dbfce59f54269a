// subview: mixed offsets, sizes and strides; the result has a strided layout.
func.func @f(%m: memref<96x64xf16, "DDR">, %o: index) {
  %0 = memref.subview %m[%o, 0] [1, 64] [1, 1] : memref<96x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
  %1 = memref.subview %m[0, 0] [4, 64] [1, 1] : memref<96x64xf16, "DDR"> to memref<4x64xf16, strided<[64, 1]>, "DDR">
  return
}
