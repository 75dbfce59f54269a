// Compute reads its operands from slots and writes its result to one; the
// slot type prints without its !ktdf.fifo.slot prefix. A tensor or a memref
// (a buffer scoped to the region) holds the slot's elements.
func.func @read_write_fifo() {
  %in = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
  %out = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
  %x = ktdf.read_from_fifo %in : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
  %y = ktdf.read_from_fifo %in : <"L1LU" -> "SFU", 64xf16> -> memref<64xf16>
  ktdf.write_to_fifo %x, %out : tensor<1x64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
  ktdf.write_to_fifo %y, %out : memref<64xf16>, <"SFU" -> "L1SU", 64xf16>
  return
}
