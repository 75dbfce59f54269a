// coordinate_set is optional (the view owns the full box of its sizes).
func.func @f(%p: index) {
  %v = ktdp.construct_memory_view %p, sizes: [4], strides: [1] {memory_space = #ktdp.memory_space<global>} : memref<4xf32>
  return
}
