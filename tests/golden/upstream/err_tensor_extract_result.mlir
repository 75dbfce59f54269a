// tensor.extract yields the element type.
func.func @f(%t: tensor<4xf16>, %i: index) {
  %x = "tensor.extract"(%t, %i) : (tensor<4xf16>, index) -> f32
  return
}
