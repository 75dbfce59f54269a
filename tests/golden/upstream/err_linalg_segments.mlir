// In generic form, a named op needs operandSegmentSizes to split its operands.
func.func @f(%a: tensor<4xf16>) {
  %0 = "linalg.add"(%a, %a, %a) : (tensor<4xf16>, tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  return
}
