// A FIFO side takes no subscripts.
func.func @f() {
  %l1 = memref.alloc() : memref<64xf16, "L1">
  %s = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
  ktdf.data_transfer from %l1[0] size [64] to %s[0] size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
  return
}
