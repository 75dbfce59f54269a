// tensor.splat of a scalar, with the dynamic sizes in brackets.
func.func @f(%s: f16, %n: index) {
  %0 = tensor.splat %s : tensor<1x64xf16>
  %1 = tensor.splat %s[%n] : tensor<?x64xf16>
  return
}
