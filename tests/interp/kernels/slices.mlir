// tensor.extract_slice / insert_slice with static and SSA offsets and strides.
func.func @slice(%a: tensor<4x6xf32>, %o: index) -> (tensor<2x3xf32>, tensor<4x6xf32>) {
  %s = tensor.extract_slice %a[1, %o] [2, 3] [2, 1] : tensor<4x6xf32> to tensor<2x3xf32>
  %z = arith.constant dense<0.0> : tensor<4x6xf32>
  %i = tensor.insert_slice %s into %z[%o, 2] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x6xf32>
  return %s, %i : tensor<2x3xf32>, tensor<4x6xf32>
}
