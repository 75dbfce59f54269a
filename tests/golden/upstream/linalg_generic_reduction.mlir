// A reduction iterator, a scalar input (rank-0 map) and extra attributes
// printed after `attrs =`.
func.func @f(%a: tensor<4x8xf32>, %s: f32, %o: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {iterator_types = ["parallel", "reduction"], indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0)>]}
      ins(%a, %s : tensor<4x8xf32>, f32) outs(%o : tensor<4xf32>) attrs = {note = "sum"} {
  ^bb0(%x: f32, %c: f32, %acc: f32):
    %m = arith.mulf %x, %c : f32
    %n = arith.addf %m, %acc : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
