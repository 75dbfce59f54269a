// alloc/alloca: dynamic sizes in parentheses, layout symbols in brackets,
// memory spaces of both the scheduler ("L1") and ktdp spellings.
func.func @f(%n: index) {
  %a = memref.alloc() : memref<128x128xf16, "DDR">
  %b = memref.alloc(%n, %n) : memref<?x?x12xf16, "L1">
  %c = memref.alloc() {alignment = 64 : i64} : memref<1x256x64xf16, #ktdp.memory_space<ct_local>>
  %d = memref.alloca() : memref<64xf16>
  %e = memref.alloc(%n)[%n] : memref<?xf16, affine_map<(d0)[s0] -> (d0 + s0)>>
  memref.dealloc %a : memref<128x128xf16, "DDR">
  memref.dealloc %b : memref<?x?x12xf16, "L1">
  return
}
