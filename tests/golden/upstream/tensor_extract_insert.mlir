// tensor.extract / tensor.insert: one index per dimension.
func.func @f(%t: tensor<4x8xf16>, %r: tensor<f16>, %i: index) -> tensor<4x8xf16> {
  %x = tensor.extract %t[%i, %i] : tensor<4x8xf16>
  %y = tensor.extract %r[] : tensor<f16>
  %u = tensor.insert %y into %t[%i, %i] : tensor<4x8xf16>
  return %u : tensor<4x8xf16>
}
