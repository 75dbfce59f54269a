// The combiner takes the lhs partials, then the rhs partials.
#all = affine_set<(i)[g] : (i - g == 0)>
func.func @f(%p: tensor<1xf16>) {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #all -> <(tensor<1xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %p : tensor<1xf16>
  }
  %r = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #all, identity(%p : tensor<1xf16>) : <(tensor<1xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<1xf16> {
  ^bb0(%lhs: tensor<1xf16>):
    ktdp.yield_reduced %lhs : tensor<1xf16>
  }
  return
}
