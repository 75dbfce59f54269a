// Each symbol of access_tile_set needs one symbols(...) operand.
func.func @f(%v: memref<32x64xf16>, %n: index) {
  %t = ktdp.construct_access_tile %v[0, 0] {
    access_tile_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
  } : memref<32x64xf16> -> !ktdp.access_tile<?x64xindex>
  return
}
