// The result of extract_slice has the sizes' shape (unit sizes may drop).
func.func @f(%t: tensor<3x64xf16>) {
  %0 = tensor.extract_slice %t[0, 0] [2, 64] [1, 1] : tensor<3x64xf16> to tensor<1x64xf16>
  return
}
