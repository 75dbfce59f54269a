// base_map uses its subscript operands in order of first appearance, so the
// custom form can name them.
func.func @f(%v: memref<32x64xf16>, %i: index, %j: index) {
  %t = "ktdp.construct_access_tile"(%v, %i, %j) {access_tile_order = affine_map<(d0, d1) -> (d0, d1)>, access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>, base_map = affine_map<(d0, d1) -> (d1, d0)>, operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<32x64xf16>, index, index) -> !ktdp.access_tile<8x64xindex>
  return
}
