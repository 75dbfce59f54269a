// tensor.from_elements takes every element.
func.func @f(%a: f32) {
  %0 = tensor.from_elements %a : tensor<2xf32>
  return
}
