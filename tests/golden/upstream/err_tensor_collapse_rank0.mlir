// Only unit dimensions collapse to rank 0.
func.func @f(%t: tensor<1x2xf16>) {
  %0 = tensor.collapse_shape %t [] : tensor<1x2xf16> into tensor<f16>
  return
}
