// A slot's endpoints may be memory spaces as well as unit names.
func.func @fifo_slot_memspace() {
  %s = ktdf.fifo.allocate() -> !ktdf.fifo.slot<#ktdp.memory_space<global> -> "SFU", 64xf16>
  "test.use"(%s) : (!ktdf.fifo.slot<#ktdp.memory_space<global> -> "SFU", 64xf16>) -> ()
  return
}
