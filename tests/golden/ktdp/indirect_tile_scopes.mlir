// Intermediate variables belong to their op: two tiles may reuse the names,
// and a rank-0 tile has none.
#s = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#o = affine_map<(d0) -> (d0)>
func.func @f(%x: memref<64xf16>, %idx: memref<8xi64>, %c: index) {
  %a = ktdp.construct_indirect_access_tile intermediate_variables(%d0) %x[ind(%idx[%d0])] {variables_space_set = #s, variables_space_order = #o} : memref<64xf16>, memref<8xi64> -> !ktdp.access_tile<8xindex>
  %b = ktdp.construct_indirect_access_tile intermediate_variables(%d0) %x[(%d0 * 8)] {variables_space_set = #s, variables_space_order = #o} : memref<64xf16> -> !ktdp.access_tile<8xindex>
  %z = ktdp.construct_indirect_access_tile intermediate_variables() %x[ind(%idx[%c])] {variables_space_set = affine_set<() : ()>, variables_space_order = affine_map<() -> ()>} : memref<64xf16>, memref<8xi64> -> !ktdp.access_tile<index>
  return
}
