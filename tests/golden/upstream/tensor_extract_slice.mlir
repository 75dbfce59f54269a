// extract_slice: static offsets/sizes/strides, mixed with SSA values, and a
// rank-reduced result (unit sizes dropped).
func.func @f(%t: tensor<3x64xf16>, %i: index, %n: index) {
  %0 = tensor.extract_slice %t[0, 0] [1, 64] [1, 1] : tensor<3x64xf16> to tensor<1x64xf16>
  %1 = tensor.extract_slice %t[%i, 0] [1, %n] [1, 1] : tensor<3x64xf16> to tensor<1x?xf16>
  %2 = tensor.extract_slice %t[%i, 0] [1, 64] [1, 1] : tensor<3x64xf16> to tensor<64xf16>
  return
}
