// Contractions: matmul, batch_matmul, matvec, vecmat, dot (outs accumulate).
func.func @f(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>, %c: tensor<4x16xf16>,
             %ba: tensor<2x4x8xf16>, %bb: tensor<2x8x16xf16>, %bc: tensor<2x4x16xf16>,
             %v8: tensor<8xf16>, %v4: tensor<4xf16>, %v16: tensor<16xf16>, %s: tensor<f16>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf16>, tensor<8x16xf16>) outs(%c : tensor<4x16xf16>) -> tensor<4x16xf16>
  %1 = linalg.batch_matmul ins(%ba, %bb : tensor<2x4x8xf16>, tensor<2x8x16xf16>) outs(%bc : tensor<2x4x16xf16>) -> tensor<2x4x16xf16>
  %2 = linalg.matvec ins(%a, %v8 : tensor<4x8xf16>, tensor<8xf16>) outs(%v4 : tensor<4xf16>) -> tensor<4xf16>
  %3 = linalg.vecmat ins(%v8, %b : tensor<8xf16>, tensor<8x16xf16>) outs(%v16 : tensor<16xf16>) -> tensor<16xf16>
  %4 = linalg.dot ins(%v8, %v8 : tensor<8xf16>, tensor<8xf16>) outs(%s : tensor<f16>) -> tensor<f16>
  return
}
