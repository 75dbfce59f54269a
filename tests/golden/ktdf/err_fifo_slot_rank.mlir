// A slot carries a flat run of elements.
func.func @f() {
  %s = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 2x64xf16>
  return
}
