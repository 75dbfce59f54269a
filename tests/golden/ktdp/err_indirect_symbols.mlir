// Each symbol of variables_space_set needs one symbols(...) operand.
func.func @f(%x: memref<100xf16>, %idx: memref<8xi32>, %n: index, %m: index) {
  %t = ktdp.construct_indirect_access_tile intermediate_variables(%i) %x[ind(%idx[%i])] symbols(%n, %m) {
    variables_space_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>,
    variables_space_order = affine_map<(d0) -> (d0)>
  } : memref<100xf16>, memref<8xi32> -> !ktdp.access_tile<?xindex>
  return
}
