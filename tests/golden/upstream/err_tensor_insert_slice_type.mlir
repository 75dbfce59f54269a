// insert_slice returns the destination type.
func.func @f(%s: tensor<1x64xf16>, %d: tensor<3x64xf16>) {
  %0 = "tensor.insert_slice"(%s, %d) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1, 64>, static_strides = array<i64: 1, 1>} : (tensor<1x64xf16>, tensor<3x64xf16>) -> tensor<4x64xf16>
  return
}
