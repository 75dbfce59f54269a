// A named op on tensors has one result per tensor init.
func.func @f(%a: tensor<4xf16>, %o: tensor<4xf16>) {
  "linalg.exp"(%a, %o) {operandSegmentSizes = array<i32: 1, 1>} : (tensor<4xf16>, tensor<4xf16>) -> ()
  return
}
