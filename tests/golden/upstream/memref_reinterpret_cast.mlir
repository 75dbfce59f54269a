// reinterpret_cast: `to offset: [...], sizes: [...], strides: [...]`, entries
// static or SSA, spaces optional.
func.func @f(%m: memref<96x64xf16, "DDR">, %off: index, %s: index) {
  %0 = memref.reinterpret_cast %m to offset: [%off], sizes: [1,64], strides: [64, 1] : memref<96x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
  %1 = memref.reinterpret_cast %m to offset: [0], sizes: [%s, 64], strides: [%s, 1] : memref<96x64xf16, "DDR"> to memref<?x64xf16, strided<[?, 1]>, "DDR">
  return
}
