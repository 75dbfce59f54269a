// Reassociation groups list the dimensions in order.
func.func @f(%t: tensor<4x8x2xf16>) {
  %0 = tensor.collapse_shape %t [[0, 2], [1]] : tensor<4x8x2xf16> into tensor<8x8xf16>
  return
}
