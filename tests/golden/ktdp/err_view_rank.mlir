// The memref rank must equal the number of sizes and strides.
func.func @f(%p: index) {
  %v = ktdp.construct_memory_view %p, sizes: [32, 64], strides: [64, 1] {memory_space = #ktdp.memory_space<global>} : memref<32x64x8xf16>
  return
}
