// insert_slice: the source goes into the destination at the offsets.
func.func @f(%s: tensor<1x64xf16>, %d: tensor<3x64xf16>, %i: index) -> tensor<3x64xf16> {
  %0 = tensor.insert_slice %s into %d[%i, 0] [1, 64] [1, 1] : tensor<1x64xf16> into tensor<3x64xf16>
  return %0 : tensor<3x64xf16>
}
