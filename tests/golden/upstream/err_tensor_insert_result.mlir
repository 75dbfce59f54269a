// tensor.insert returns the destination type.
func.func @f(%t: tensor<4xf16>, %x: f16, %i: index) {
  %0 = "tensor.insert"(%x, %t, %i) : (f16, tensor<4xf16>, index) -> tensor<8xf16>
  return
}
