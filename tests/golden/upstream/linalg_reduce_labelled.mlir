// Long-form reduce and map whose body names its arguments with an entry
// block label (`{ ^bb0(%in: f16, %out: f16): ... }`, a region's general
// spelling) instead of the `(%in: f16, %out: f16) { ... }` list: the same
// op, printed back in the list form. A `{` after `dimensions` is the body
// when a label follows it, else the attribute dictionary.
func.func @f(%x: tensor<1x64xf16>, %init: tensor<1xf16>, %y: tensor<1x64xf16>) -> (tensor<1xf16>, tensor<1x64xf16>) {
  %0 = linalg.reduce ins(%x : tensor<1x64xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
    {
    ^bb0(%in: f16, %out: f16):
      %m = arith.maximumf %in, %out : f16
      linalg.yield %m : f16
    }
  %1 = linalg.reduce ins(%x : tensor<1x64xf16>) outs(%0 : tensor<1xf16>) dimensions = [1] {tag = 1 : i64}
    (%in: f16, %out: f16) {
      %s = arith.addf %in, %out : f16
      linalg.yield %s : f16
    }
  %2 = linalg.map ins(%x : tensor<1x64xf16>) outs(%y : tensor<1x64xf16>)
    {
    ^bb0(%in: f16):
      %n = arith.negf %in : f16
      linalg.yield %n : f16
    }
  return %1, %2 : tensor<1xf16>, tensor<1x64xf16>
}
