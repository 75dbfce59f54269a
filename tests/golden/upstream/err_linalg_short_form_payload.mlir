// The short form's payload is an ordinary op and is verified as one.
func.func @f(%x: tensor<4x8xi32>, %init: tensor<4xi32>) {
  %0 = linalg.reduce { arith.addf } ins(%x : tensor<4x8xi32>) outs(%init : tensor<4xi32>) dimensions = [1]
  return
}
