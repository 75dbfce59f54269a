// One allocate gives several slots; each `?` takes a size operand.
func.func @fifo_allocate(%n: index) {
  %a, %b = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 8xf32>
  %c, %d = ktdf.fifo.allocate(%n) -> !ktdf.fifo.slot<"L1LU" -> "SFU", ?xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 4xf32>
  "test.use"(%a, %b, %c, %d) : (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 8xf32>, !ktdf.fifo.slot<"L1LU" -> "SFU", ?xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 4xf32>) -> ()
  return
}
