// linalg.generic starts with its trait dictionary.
func.func @f(%a: tensor<4xf16>, %o: tensor<4xf16>) {
  %0 = linalg.generic ins(%a : tensor<4xf16>) outs(%o : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16):
    linalg.yield %x : f16
  } -> tensor<4xf16>
  return
}
