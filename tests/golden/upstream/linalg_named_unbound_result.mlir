// A named op whose result is not bound (the RFC add example) still has it.
func.func @f(%a: tensor<3x64xf16>, %o: tensor<3x64xf16>) -> tensor<3x64xf16> {
  linalg.add ins(%a, %a : tensor<3x64xf16>, tensor<3x64xf16>) outs(%o : tensor<3x64xf16>) -> tensor<3x64xf16>
  return %o : tensor<3x64xf16>
}
