// A FIFO side has no subscripts; a FIFO source may leave out its size.
// transfer_mode = "splat" broadcasts one element to the slot.
func.func @transfer_fifo() {
  %c0 = arith.constant 0 : index
  %l1 = memref.alloc() : memref<64xf16, "L1">
  %reg = memref.alloc() : memref<64xf16, "SFU_REG">
  %s:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
  ktdf.data_transfer from %l1[%c0] size [64] to %s#0 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
  ktdf.data_transfer from %s#0 to %reg[%c0] size [64] : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, memref<64xf16, "SFU_REG">
  ktdf.data_transfer from %l1[%c0] size [1] to %s#1 size [64] {transfer_mode = "splat"} : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
  return
}
