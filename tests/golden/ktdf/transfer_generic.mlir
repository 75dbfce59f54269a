// The generic form, with the inherent attributes written as properties
// <{...}>, reads back into the custom form.
func.func @transfer_generic(%i: index) {
  %a = memref.alloc() : memref<128x128xf16, "DDR">
  %f = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>
  "ktdf.data_transfer"(%a, %i, %f) <{
    operandSegmentSizes = array<i32: 1, 1, 0, 1, 0, 0>,
    static_source_sizes = array<i64: 1, 64>,
    static_dest_sizes = array<i64: 64>,
    source_map = affine_map<(d0) -> (d0, d0 + 64)>
  }> : (memref<128x128xf16, "DDR">, index, !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>) -> ()
  return
}
