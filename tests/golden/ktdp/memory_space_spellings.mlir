// Both memory-space spellings are kept as written.
func.func @f(%p: index) {
  %a = ktdp.construct_memory_view %p, sizes: [8], strides: [1] {memory_space = #ktdp.memory_space<ct_local, ct_id = 3>} : memref<8xf16>
  %b = ktdp.construct_memory_view %p, sizes: [8], strides: [1] {memory_space = #ktdp.spyre_memory_space<LX, core = 7>} : memref<8xf16>
  %c = ktdp.construct_memory_view %p, sizes: [8], strides: [1] {memory_space = #ktdp.spyre_memory_space<HBM>} : memref<8xf16>
  return
}
