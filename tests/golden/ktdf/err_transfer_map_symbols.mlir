// Subscript maps are dims-only.
func.func @f(%i: index, %n: index) {
  %a = memref.alloc() : memref<128x128xf16, "DDR">
  %s = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>
  "ktdf.data_transfer"(%a, %i, %n, %s) {operandSegmentSizes = array<i32: 1, 2, 0, 1, 0, 0>, static_source_sizes = array<i64: 1, 64>, static_dest_sizes = array<i64: 64>, source_map = affine_map<(d0)[s0] -> (d0 + s0, d0)>} : (memref<128x128xf16, "DDR">, index, index, !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>) -> ()
  return
}
