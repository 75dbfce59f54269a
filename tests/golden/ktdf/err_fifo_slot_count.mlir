// A slot type names its element count.
func.func @f() {
  %s = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", f16>
  return
}
