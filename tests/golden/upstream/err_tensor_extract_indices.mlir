// tensor.extract takes one index per dimension.
func.func @f(%t: tensor<4x8xf16>, %i: index) {
  %x = tensor.extract %t[%i] : tensor<4x8xf16>
  return
}
