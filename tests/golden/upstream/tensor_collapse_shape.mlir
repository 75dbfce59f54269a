// collapse_shape, including `[]` from all-unit dimensions to rank 0.
func.func @f(%t: tensor<4x256xf16>, %u: tensor<1x1xf16>) {
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<4x256xf16> into tensor<1024xf16>
  %1 = tensor.collapse_shape %u [] : tensor<1x1xf16> into tensor<f16>
  return
}
