// RUN: ktc-split
// PARSE: --device=sample
// An indirect access tile with an index per element along its innermost
// dim (a column gather) is rejected (distributed views: err_dist_*).
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#set1 = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#vars = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 7 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @views(%a: index, %i: index) {
  %A = ktdp.construct_memory_view %a, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %I = ktdp.construct_memory_view %i, sizes: [8], strides: [1] {
    coordinate_set = #set1, memory_space = #ktdp.memory_space<global>} : memref<8xi32>
  %g = ktdp.construct_indirect_access_tile intermediate_variables(%r, %k) %A[(%r), ind(%I[%k])] {
    variables_space_set = #vars, variables_space_order = #id
  } : memref<8x64xf16>, memref<8xi32> -> !ktdp.access_tile<4x8xindex>
  return
}
