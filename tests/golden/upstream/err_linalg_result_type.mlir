// The results are the tensor inits: `-> T` must match them.
func.func @f(%a: tensor<4xf16>, %o: tensor<4xf16>) {
  %0 = linalg.exp ins(%a : tensor<4xf16>) outs(%o : tensor<4xf16>) -> tensor<4xf32>
  return
}
