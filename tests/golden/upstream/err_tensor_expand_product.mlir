// Each reassociation group multiplies to the dimension it stands for.
func.func @f(%t: tensor<1024xf16>) {
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [4, 128] : tensor<1024xf16> into tensor<4x128xf16>
  return
}
