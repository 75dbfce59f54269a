// Both static or both dynamic in size.
func.func @f(%n: index, %x: tensor<64xf16>) {
  %s = ktdf.fifo.allocate(%n) -> !ktdf.fifo.slot<"SFU" -> "L1SU", ?xf16>
  ktdf.write_to_fifo %x, %s : tensor<64xf16>, <"SFU" -> "L1SU", ?xf16>
  return
}
