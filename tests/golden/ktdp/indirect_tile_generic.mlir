// The generic form of an indirect tile spells its hidden region: the
// intermediate variables are block arguments, the maps range over the
// captured values and then the variables.
func.func @f(%x: memref<100x16xf16>, %idx: memref<4x8xi32>, %off: index) {
  %t = "ktdp.construct_indirect_access_tile"(%x, %idx, %off) ({
  ^bb0(%i: index, %j: index):
    "ktdp.region_terminator"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2) -> (d1 + d0, d2)>, affine_map<(d0, d1, d2) -> (d2)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 7 >= 0)>} : (memref<100x16xf16>, memref<4x8xi32>, index) -> !ktdp.access_tile<4x8xindex>
  return
}
