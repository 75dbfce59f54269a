// tensor.cast keeps the rank.
func.func @f(%t: tensor<4xf32>) {
  %0 = tensor.cast %t : tensor<4xf32> to tensor<4x1xf32>
  return
}
