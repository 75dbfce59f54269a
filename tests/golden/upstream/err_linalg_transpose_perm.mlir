// transpose's permutation is a permutation of the dimensions.
func.func @f(%m: tensor<32x64xf16>, %t: tensor<64x32xf16>) {
  %0 = linalg.transpose ins(%m : tensor<32x64xf16>) outs(%t : tensor<64x32xf16>) permutation = [1, 1]
  return
}
