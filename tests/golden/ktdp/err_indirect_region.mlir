// The hidden region of an indirect tile holds only its terminator.
func.func @f(%x: memref<100xf16>, %idx: memref<8xi32>) {
  %t = "ktdp.construct_indirect_access_tile"(%x, %idx) ({
  ^bb0(%i: index):
    %c = "arith.constant"() {value = 0 : index} : () -> index
    "ktdp.region_terminator"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, per_dim_subscript_kinds = [true], per_dim_subscript_maps = [affine_map<(d0) -> (d0)>], variables_space_order = affine_map<(d0) -> (d0)>, variables_space_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>} : (memref<100xf16>, memref<8xi32>) -> !ktdp.access_tile<8xindex>
  return
}
