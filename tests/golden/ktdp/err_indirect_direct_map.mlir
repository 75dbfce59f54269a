// A direct subscript of an indirect tile is one expression.
func.func @f(%x: memref<100xf16>) {
  %t = "ktdp.construct_indirect_access_tile"(%x) ({
  ^bb0(%i: index):
    "ktdp.region_terminator"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, per_dim_subscript_kinds = [false], per_dim_subscript_maps = [affine_map<(d0) -> (d0, d0)>], variables_space_order = affine_map<(d0) -> (d0)>, variables_space_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>} : (memref<100xf16>) -> !ktdp.access_tile<8xindex>
  return
}
