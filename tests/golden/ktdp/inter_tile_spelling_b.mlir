// Inter-tile ops, spelling B: partial types before '->', the future type
// with its prefix and bare partials; the reduced result may drop a unit dim.
#all = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
func.func @f(%p: tensor<1x128xf16>, %zero: tensor<1x128xf16>) attributes {grid = [4]} {
  %fut = ktdp.inter_tile_produce
      producer_tiles_per_group = #all
      : tensor<1x128xf16> -> !ktdp.tile_future<tensor<1x128xf16>, groups = affine_set<(g) : (g == 0)>>
  {
    ^bb0(%gid: index):
      ktdp.yield_partial %p : tensor<1x128xf16>
  }
  %r = ktdp.inter_tile_reduce(%fut)
      consumer_tiles_per_group = #all,
      identity(%zero : tensor<1x128xf16>)
      : !ktdp.tile_future<tensor<1x128xf16>, groups = affine_set<(g) : (g == 0)>> -> tensor<128xf16>
  {
    ^bb0(%lhs: tensor<1x128xf16>, %rhs: tensor<1x128xf16>):
      %s = arith.addf %lhs, %rhs : tensor<1x128xf16>
      ktdp.yield_reduced %s : tensor<1x128xf16>
  }
  return
}
