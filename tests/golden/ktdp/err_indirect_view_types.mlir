// One index-view type per ind(...) subscript follows the base type.
func.func @f(%x: memref<100x16xf16>, %idx: memref<8xi32>) {
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%i, %j) %x[ind(%idx[%i]), (%j)] {
    variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 15 >= 0)>,
    variables_space_order = affine_map<(d0, d1) -> (d0, d1)>
  } : memref<100x16xf16> -> !ktdp.access_tile<8x16xindex>
  return
}
