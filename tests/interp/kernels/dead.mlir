// Deadlock: tile 1 never produces, so tile 0 waits forever: a located error.
#all = affine_set<(i)[g] : (i >= 0, -i + 1 >= 0)>
func.func @dead() attributes {grid = [2]} {
  %pid = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %z = arith.constant dense<0.0> : tensor<4xf16>
  %is0 = arith.cmpi eq, %pid, %c0 : index
  %r = scf.if %is0 -> (tensor<4xf16>) {
    %f = ktdp.inter_tile_produce producer_tiles_per_group = #all -> <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> {
    ^bb0(%g: index):
      ktdp.yield_partial %z : tensor<4xf16>
    }
    %s = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #all, identity(%z : tensor<4xf16>) : <(tensor<4xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<4xf16> {
    ^bb0(%a: tensor<4xf16>, %b: tensor<4xf16>):
      %c = arith.addf %a, %b : tensor<4xf16>
      ktdp.yield_reduced %c : tensor<4xf16>
    }
    scf.yield %s : tensor<4xf16>
  } else {
    scf.yield %z : tensor<4xf16>
  }
  return
}
