// Reduced dimensions are increasing and below the input rank.
func.func @f(%x: tensor<4x8xf16>, %init: tensor<4xf16>) {
  %0 = linalg.reduce { arith.addf } ins(%x : tensor<4x8xf16>) outs(%init : tensor<4xf16>) dimensions = [2]
  return
}
