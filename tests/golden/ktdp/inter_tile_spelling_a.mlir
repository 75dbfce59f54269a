// Inter-tile ops, spelling A: no partial types before '->', the future type
// with its prefix elided and the partials in parentheses.
#all = affine_set<(i)[g] : (i - 2*g >= 0, -i + 2*g + 1 >= 0)>
func.func @f(%p: tensor<1xf16>, %zero: tensor<1xf16>) attributes {grid = [2, 2]} {
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #all -> <(tensor<1xf16>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %p : tensor<1xf16>
  }
  %r = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #all, producer_dependency_per_consumer = affine_set<(p)[c, g] : (p + c - 4*g - 1 == 0)>, identity(%zero : tensor<1xf16>) : <(tensor<1xf16>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> -> tensor<1xf16> {
  ^bb0(%lhs: tensor<1xf16>, %rhs: tensor<1xf16>):
    %s = arith.addf %lhs, %rhs : tensor<1xf16>
    ktdp.yield_reduced %s : tensor<1xf16>
  }
  return
}
