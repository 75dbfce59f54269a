// matmul: A is MxK, B is KxN, C is MxN.
func.func @f(%a: tensor<4x8xf16>, %b: tensor<4x16xf16>, %c: tensor<4x16xf16>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf16>, tensor<4x16xf16>) outs(%c : tensor<4x16xf16>) -> tensor<4x16xf16>
  return
}
