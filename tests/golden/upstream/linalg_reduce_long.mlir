// Long-form reduce: block arguments (element, accumulator) then the body.
func.func @f(%x: tensor<1x8xf16>, %init: tensor<1xf16>) -> tensor<1xf16> {
  %r = linalg.reduce ins(%x : tensor<1x8xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
    (%in: f16, %out: f16) {
      %cmp = arith.cmpf ogt, %in, %out : f16
      %max = arith.select %cmp, %in, %out : f16
      linalg.yield %max : f16
    }
  return %r : tensor<1xf16>
}
