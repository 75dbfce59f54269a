// sizes and strides mix integer literals and SSA values, with free spacing;
// a symbolic coordinate_set binds its symbol to the SSA size.
func.func @f(%p: index, %n: index, %s: index) {
  %v = ktdp.construct_memory_view %p, sizes : [64, %n], strides: [%s, 1]{
    coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>,
    memory_space = #ktdp.memory_space<global>
  } : memref<64x?xf16>
  return
}
