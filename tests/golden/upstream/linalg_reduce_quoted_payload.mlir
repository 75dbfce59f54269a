// A reduce body whose payload op has a name only the quoted generic form can
// spell keeps the long form (the short form `{ name }` would not read back).
func.func @f(%a: tensor<4xf32>, %x: tensor<4x8xf32>) {
  %r = "linalg.reduce"(%x, %a) ({
  ^bb0(%in: f32, %init: f32):
    %s = "test.add-f"(%init, %in) : (f32, f32) -> f32
    "linalg.yield"(%s) : (f32) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
