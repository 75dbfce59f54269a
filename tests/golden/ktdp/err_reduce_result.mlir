// A reduced result keeps the partial's element type and count.
#all = affine_set<(i)[g] : (i - g == 0)>
func.func @f(%p: tensor<4xf16>) {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #all -> <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %p : tensor<4xf16>
  }
  %r = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #all, identity(%p : tensor<4xf16>) : <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<2xf16> {
  ^bb0(%lhs: tensor<4xf16>, %rhs: tensor<4xf16>):
    ktdp.yield_reduced %lhs : tensor<4xf16>
  }
  return
}
