// A reshape has a reassociation attribute.
func.func @f(%t: tensor<4x256xf16>) {
  %0 = "tensor.collapse_shape"(%t) : (tensor<4x256xf16>) -> tensor<1024xf16>
  return
}
