// Partial types written before '->' must be the future's.
#all = affine_set<(i)[g] : (i - g == 0)>
func.func @f(%p: tensor<1xf16>) {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #all : tensor<2xf16> -> !ktdp.tile_future<tensor<1xf16>, groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %p : tensor<1xf16>
  }
  return
}
