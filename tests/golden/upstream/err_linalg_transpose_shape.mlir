// Init dimension i is input dimension permutation[i].
func.func @f(%m: tensor<32x64xf16>, %t: tensor<32x64xf16>) {
  %0 = linalg.transpose ins(%m : tensor<32x64xf16>) outs(%t : tensor<32x64xf16>) permutation = [1, 0]
  return
}
