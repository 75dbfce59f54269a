// linalg.generic has an indexing_maps array.
func.func @f(%a: tensor<4xf16>, %o: tensor<4xf16>) {
  %0 = linalg.generic {iterator_types = ["parallel"]} ins(%a : tensor<4xf16>) outs(%o : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16):
    linalg.yield %x : f16
  } -> tensor<4xf16>
  return
}
