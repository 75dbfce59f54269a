// ins lists one type per operand.
func.func @f(%a: tensor<4xf16>, %o: tensor<4xf16>) {
  %0 = linalg.add ins(%a, %a : tensor<4xf16>) outs(%o : tensor<4xf16>) -> tensor<4xf16>
  return
}
