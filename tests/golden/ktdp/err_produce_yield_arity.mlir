// The produce region yields one value per partial of the future.
#all = affine_set<(i)[g] : (i - g == 0)>
func.func @f(%p: tensor<1xf16>) {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #all -> <(tensor<1xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %p, %p : tensor<1xf16>, tensor<1xf16>
  }
  return
}
