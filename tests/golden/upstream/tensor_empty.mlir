// tensor.empty: one index operand per dynamic dimension; rank 0 allowed.
func.func @f(%n: index) {
  %0 = tensor.empty() : tensor<3x64xf16>
  %1 = tensor.empty(%n) : tensor<?x64xf16>
  %2 = tensor.empty() : tensor<f16>
  return
}
