// The long form's block arguments are the element types of input and init.
func.func @f(%x: tensor<4x8xf16>, %init: tensor<4xf16>) {
  %0 = linalg.reduce ins(%x : tensor<4x8xf16>) outs(%init : tensor<4xf16>) dimensions = [1]
    (%in: f32, %out: f16) {
      linalg.yield %out : f16
    }
  return
}
