// The short form names a dialect-qualified op.
func.func @f(%x: tensor<4x8xf16>, %init: tensor<4xf16>) {
  %0 = linalg.reduce { addf } ins(%x : tensor<4x8xf16>) outs(%init : tensor<4xf16>) dimensions = [1]
  return
}
