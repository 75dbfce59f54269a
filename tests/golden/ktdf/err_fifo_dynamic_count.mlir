// One size operand per `?` among the slots.
func.func @f(%n: index) {
  %s = ktdf.fifo.allocate(%n) -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
  return
}
