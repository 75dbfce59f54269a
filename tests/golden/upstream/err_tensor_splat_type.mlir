// The splatted value has the element type.
func.func @f(%s: f32) {
  %0 = tensor.splat %s : tensor<4xf16>
  return
}
