// tensor.from_elements and tensor.dim.
func.func @f(%a: f32, %b: f32, %t: tensor<?x4xf32>) -> index {
  %0 = tensor.from_elements %a, %b : tensor<2xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x4xf32>
  return %d : index
}
