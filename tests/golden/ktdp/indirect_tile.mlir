// An indirect tile: direct and ind(...) subscripts over intermediate
// variables and a captured value; symbols size the variables space.
func.func @f(%x: memref<100x16xf16>, %idx: memref<4x8xi32>, %off: index, %n: index) {
  %t = ktdp.construct_indirect_access_tile
      intermediate_variables(%i, %j)
      %x[ind(%idx[%i + %off, %j floordiv 2]), (%j mod 16)] symbols(%n) {
      variables_space_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 15 >= 0)>,
      variables_space_order = affine_map<(d0, d1) -> (d1, d0)>
  } : memref<100x16xf16>, memref<4x8xi32> -> !ktdp.access_tile<16x?xindex>
  return
}
