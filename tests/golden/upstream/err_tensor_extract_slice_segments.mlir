// In generic form, the dynamic entries match the operand groups.
func.func @f(%t: tensor<3x64xf16>, %i: index) {
  %0 = "tensor.extract_slice"(%t, %i) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1, 64>, static_strides = array<i64: 1, 1>} : (tensor<3x64xf16>, index) -> tensor<1x64xf16>
  return
}
