// Without `-> T`, the results are the tensor outs; printing adds the arrow.
func.func @f(%s: f16, %o: tensor<1x128xf16>) -> tensor<1x128xf16> {
  %0 = linalg.fill ins(%s : f16) outs(%o : tensor<1x128xf16>)
  return %0 : tensor<1x128xf16>
}
