// Reassociation groups are not empty.
func.func @f(%t: tensor<4x256xf16>) {
  %0 = tensor.collapse_shape %t [[0, 1], []] : tensor<4x256xf16> into tensor<1024x1xf16>
  return
}
