// tensor.empty takes one size per dynamic dimension.
func.func @f(%n: index) {
  %0 = tensor.empty(%n) : tensor<4x64xf16>
  return
}
