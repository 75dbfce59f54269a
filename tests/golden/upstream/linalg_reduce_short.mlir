// Short-form reduce: `{ arith.addf }` stands for a body applying the op to
// (accumulator, element); no `-> T`, the result is the init's type.
func.func @f(%x: tensor<1x1024xf16>, %init: tensor<1xf16>) -> tensor<1xf16> {
  %0 = linalg.reduce { arith.addf } ins(%x : tensor<1x1024xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
  %1 = linalg.reduce { arith.maximumf } ins(%x : tensor<1x1024xf16>) outs(%0 : tensor<1xf16>) dimensions = [1]
  return %1 : tensor<1xf16>
}
