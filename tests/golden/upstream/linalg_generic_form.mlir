// Named ops and reduce written generically print in custom form.
func.func @f(%a: tensor<4xf32>, %x: tensor<4x8xf32>) {
  %0 = "linalg.add"(%a, %a, %a) {operandSegmentSizes = array<i32: 2, 1>} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "linalg.reduce"(%x, %a) ({
  ^bb0(%in: f32, %init: f32):
    %s = "arith.addf"(%init, %in) : (f32, f32) -> f32
    "linalg.yield"(%s) : (f32) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
