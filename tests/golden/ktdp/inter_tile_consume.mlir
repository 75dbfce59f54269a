// inter_tile_consume delivers one producer's partials, without a region.
#one = affine_set<(i)[g] : (i - g == 0)>
func.func @f(%p: tensor<64xf16>, %q: tensor<8xf32>) attributes {grid = [2]} {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #one -> <(tensor<64xf16>, tensor<8xf32>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %p, %q : tensor<64xf16>, tensor<8xf32>
  }
  %a, %b = ktdp.inter_tile_consume(%f) consumer_tiles_per_group = #one, producer_dependency_per_consumer = affine_set<(p)[c] : (p - c == 0)> : <(tensor<64xf16>, tensor<8xf32>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> -> tensor<64xf16>, tensor<8xf32>
  return
}
