// batch_matmul works on rank-3 operands.
func.func @f(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>, %c: tensor<4x16xf16>) {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<4x8xf16>, tensor<8x16xf16>) outs(%c : tensor<4x16xf16>) -> tensor<4x16xf16>
  return
}
