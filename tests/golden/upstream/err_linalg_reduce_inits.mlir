// reduce has as many inits as inputs.
func.func @f(%x: tensor<4x8xf16>, %init: tensor<4xf16>) {
  %0:2 = linalg.reduce { arith.addf } ins(%x : tensor<4x8xf16>) outs(%init, %init : tensor<4xf16>, tensor<4xf16>) dimensions = [1]
  return
}
