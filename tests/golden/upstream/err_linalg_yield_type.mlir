// linalg.yield yields the init's element type.
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf16>, %o: tensor<4xf16>) {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf16>) outs(%o : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16):
    %e = arith.extf %x : f16 to f32
    linalg.yield %e : f32
  } -> tensor<4xf16>
  return
}
