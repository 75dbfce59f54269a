// linalg.generic: trait attributes, ins/outs, a body with its block header,
// then the results; maps through aliases; linalg.index in the body.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @f(%a: tensor<4x8xf32>, %v: tensor<4xf32>, %o: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %v : tensor<4x8xf32>, tensor<4xf32>) outs(%o : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %i = linalg.index 1 : index
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
