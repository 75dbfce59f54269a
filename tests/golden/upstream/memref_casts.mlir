// memref.cast (extents and layout offset may become dynamic) and
// memref.memory_space_cast (only the memory space changes).
func.func @f(%m: memref<12x64xf16, strided<[64, 1], offset: 128>, "DDR">, %v: memref<96x64xf16, #ktdp.memory_space<global>>) {
  %0 = memref.cast %m : memref<12x64xf16, strided<[64, 1], offset: 128>, "DDR"> to memref<12x64xf16, strided<[64, 1], offset: ?>, "DDR">
  %1 = memref.memory_space_cast %v : memref<96x64xf16, #ktdp.memory_space<global>> to memref<96x64xf16, "DDR">
  return
}
