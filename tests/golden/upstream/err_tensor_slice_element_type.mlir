// A slice keeps the element type.
func.func @f(%t: tensor<3x64xf16>) {
  %0 = tensor.extract_slice %t[0, 0] [1, 64] [1, 1] : tensor<3x64xf16> to tensor<1x64xf32>
  return
}
