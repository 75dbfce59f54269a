// access_tile_set has one dimension per base dimension.
func.func @f(%v: memref<32x64xf16>, %i: index) {
  %t = ktdp.construct_access_tile %v[%i, 0] {
    access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>,
    access_tile_order = affine_map<(d0) -> (d0)>
  } : memref<32x64xf16> -> !ktdp.access_tile<8xindex>
  return
}
