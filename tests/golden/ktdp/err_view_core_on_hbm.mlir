// A core id only applies to a local memory space.
func.func @f(%p: index) {
  %v = ktdp.construct_memory_view %p, sizes: [8], strides: [1] {
    memory_space = #ktdp.spyre_memory_space<HBM, core = 3>
  } : memref<8xf16>
  return
}
