// reinterpret_cast takes exactly one offset.
func.func @f(%m: memref<96x64xf16>) {
  %0 = memref.reinterpret_cast %m to offset: [0, 0], sizes: [1, 64], strides: [64, 1] : memref<96x64xf16> to memref<1x64xf16, strided<[64, 1]>>
  return
}
