// coordinate_set has one dimension per view dimension.
func.func @f(%p: index) {
  %v = ktdp.construct_memory_view %p, sizes: [32, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>,
    memory_space = #ktdp.memory_space<global>
  } : memref<32x64xf16>
  return
}
