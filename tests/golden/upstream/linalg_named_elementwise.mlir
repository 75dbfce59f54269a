// Named elementwise ops: ins(...) outs(...) -> T; the split of operands is
// kept as operandSegmentSizes (elided in the custom form).
func.func @f(%a: tensor<3x64xf16>, %b: tensor<3x64xf16>, %o: tensor<3x64xf16>) -> tensor<3x64xf16> {
  %0 = linalg.add ins(%a, %b : tensor<3x64xf16>, tensor<3x64xf16>)
                  outs(%o: tensor<3x64xf16>) -> tensor<3x64xf16>
  %1 = linalg.sub ins(%0, %b : tensor<3x64xf16>, tensor<3x64xf16>) outs(%o : tensor<3x64xf16>) -> tensor<3x64xf16>
  %2 = linalg.mul ins(%1, %b : tensor<3x64xf16>, tensor<3x64xf16>) outs(%o : tensor<3x64xf16>) -> tensor<3x64xf16>
  %3 = linalg.div ins(%2, %b : tensor<3x64xf16>, tensor<3x64xf16>) outs(%o : tensor<3x64xf16>) -> tensor<3x64xf16>
  %4 = linalg.max ins(%3, %b : tensor<3x64xf16>, tensor<3x64xf16>) outs(%o : tensor<3x64xf16>) -> tensor<3x64xf16>
  %5 = linalg.exp ins(%4 : tensor<3x64xf16>) outs(%o : tensor<3x64xf16>) -> tensor<3x64xf16>
  %6 = linalg.negf ins(%5 : tensor<3x64xf16>) outs(%o : tensor<3x64xf16>) -> tensor<3x64xf16>
  %7 = linalg.sqrt ins(%6 : tensor<3x64xf16>) outs(%o : tensor<3x64xf16>) -> tensor<3x64xf16>
  return %7 : tensor<3x64xf16>
}
