// linalg.fill fills with a scalar.
func.func @f(%a: tensor<4xf16>, %o: tensor<4xf16>) {
  %0 = linalg.fill ins(%a : tensor<4xf16>) outs(%o : tensor<4xf16>) -> tensor<4xf16>
  return
}
