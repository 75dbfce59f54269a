// memory_space must be a ktdp memory-space attribute.
func.func @f(%p: index) {
  %v = ktdp.construct_memory_view %p, sizes: [8], strides: [1] {memory_space = 1 : i64} : memref<8xf16>
  return
}
