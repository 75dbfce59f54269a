// linalg.reduce's dimensions are an array<i64: ...>.
func.func @f(%x: tensor<4x8xf16>, %init: tensor<4xf16>) {
  %0 = "linalg.reduce"(%x, %init) ({
  ^bb0(%in: f16, %acc: f16):
    "linalg.yield"(%in) : (f16) -> ()
  }) {dimensions = [1]} : (tensor<4x8xf16>, tensor<4xf16>) -> tensor<4xf16>
  return
}
