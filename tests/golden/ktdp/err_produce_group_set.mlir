// producer_tiles_per_group is a set over the tile id with the group as its symbol.
func.func @f(%p: tensor<1xf16>) {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = affine_set<(i) : (i >= 0)> -> <(tensor<1xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %p : tensor<1xf16>
  }
  return
}
