// A one-element init of rank 1 only for a whole reduction: [1] of a 4x8
// input keeps dimension 0 (4 elements).
func.func @f(%x: tensor<4x8xf16>, %init: tensor<1xf16>) {
  %0 = linalg.reduce { arith.addf } ins(%x : tensor<4x8xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
  return
}
