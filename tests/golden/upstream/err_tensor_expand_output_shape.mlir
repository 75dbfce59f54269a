// output_shape agrees with the result type.
func.func @f(%t: tensor<1024xf16>) {
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [8, 128] : tensor<1024xf16> into tensor<4x256xf16>
  return
}
