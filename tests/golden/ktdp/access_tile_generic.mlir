// The generic form stores base_map and operandSegmentSizes; it prints back
// in custom form.
func.func @f(%v: memref<96x64xf16>, %i: index, %n: index) {
  %a = "ktdp.construct_access_tile"(%v, %i, %n) {access_tile_order = affine_map<(d0, d1) -> (d1, d0)>, access_tile_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>, base_map = affine_map<(d0) -> (d0 * 4, 0)>, operandSegmentSizes = array<i32: 1, 1, 1>} : (memref<96x64xf16>, index, index) -> !ktdp.access_tile<64x?xindex>
  return
}
