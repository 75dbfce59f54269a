// tensor.cast keeps the element type, the rank and the static extents.
func.func @f(%t: tensor<4xf32>) {
  %0 = tensor.cast %t : tensor<4xf32> to tensor<8xf32>
  return
}
