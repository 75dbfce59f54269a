// The data holds exactly the slot's elements.
func.func @f() {
  %s = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
  %x = ktdf.read_from_fifo %s : <"L1LU" -> "SFU", 64xf16> -> tensor<32xf16>
  return
}
