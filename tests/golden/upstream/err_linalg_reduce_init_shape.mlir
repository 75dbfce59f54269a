// The init has the input shape without the reduced dimensions.
func.func @f(%x: tensor<4x8xf16>, %init: tensor<8xf16>) {
  %0 = linalg.reduce { arith.addf } ins(%x : tensor<4x8xf16>) outs(%init : tensor<8xf16>) dimensions = [1]
  return
}
