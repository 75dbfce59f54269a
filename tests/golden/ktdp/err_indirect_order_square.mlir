// variables_space_order is square over the variables.
func.func @f(%x: memref<100xf16>, %idx: memref<8xi32>) {
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%i) %x[ind(%idx[%i])] {
    variables_space_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>,
    variables_space_order = affine_map<(d0) -> (d0, d0)>
  } : memref<100xf16>, memref<8xi32> -> !ktdp.access_tile<8xindex>
  return
}
