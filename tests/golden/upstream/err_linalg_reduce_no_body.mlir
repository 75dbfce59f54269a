// linalg.reduce has a body region.
func.func @f(%x: tensor<4x8xf16>, %init: tensor<4xf16>) {
  %0 = "linalg.reduce"(%x, %init) {dimensions = array<i64: 1>} : (tensor<4x8xf16>, tensor<4xf16>) -> tensor<4xf16>
  return
}
