// linalg.generic has an iterator_types array.
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf16>, %o: tensor<4xf16>) {
  %0 = linalg.generic {indexing_maps = [#id, #id]} ins(%a : tensor<4xf16>) outs(%o : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16):
    linalg.yield %x : f16
  } -> tensor<4xf16>
  return
}
