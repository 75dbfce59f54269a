// One reassociation group per result dimension.
func.func @f(%t: tensor<4x8xf16>) {
  %0 = tensor.collapse_shape %t [[0], [1]] : tensor<4x8xf16> into tensor<32xf16>
  return
}
