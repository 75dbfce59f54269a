// A whole reduction into a one-element init of rank 1 (tensor<1xf16> for a
// 1-D row, as ktir-cpu reads it and Triton-style kernels write it): accepted
// beside the rank-0 tensor<f16> MLIR's verifier asks for.
func.func @f(%x: tensor<256xf16>, %y: tensor<4x8xf16>, %init: tensor<1xf16>, %i2: tensor<1x1xf16>) -> (tensor<1xf16>, tensor<1x1xf16>) {
  %0 = linalg.reduce { arith.addf } ins(%x : tensor<256xf16>) outs(%init : tensor<1xf16>) dimensions = [0]
  %1 = linalg.reduce { arith.maximumf } ins(%y : tensor<4x8xf16>) outs(%i2 : tensor<1x1xf16>) dimensions = [0, 1]
  return %0, %1 : tensor<1xf16>, tensor<1x1xf16>
}
