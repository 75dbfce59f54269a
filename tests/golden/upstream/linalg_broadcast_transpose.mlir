// broadcast lists the added init dimensions, transpose the permutation;
// neither writes `-> T`.
func.func @f(%s: tensor<f16>, %v: tensor<32xf16>, %m: tensor<32x64xf16>, %t: tensor<64x32xf16>, %o: tensor<4x64xf16>) {
  %0 = linalg.broadcast ins(%s : tensor<f16>) outs(%o : tensor<4x64xf16>) dimensions = [0, 1]
  %1 = linalg.broadcast ins(%v : tensor<32xf16>) outs(%m : tensor<32x64xf16>) dimensions = [1]
  %2 = linalg.transpose ins(%m : tensor<32x64xf16>) outs(%t : tensor<64x32xf16>) permutation = [1, 0]
  return
}
