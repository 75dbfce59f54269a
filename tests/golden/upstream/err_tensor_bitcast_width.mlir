// tensor.bitcast keeps the element bit width.
func.func @f(%t: tensor<4xf32>) {
  %0 = tensor.bitcast %t : tensor<4xf32> to tensor<4xf16>
  return
}
