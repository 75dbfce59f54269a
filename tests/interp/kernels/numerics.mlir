// f16 numerics of linalg.matmul (f32 accumulation, one rounding, then the
// init added) and linalg.reduce (pairwise tree, f16 rounding per combine),
// fast (one-op) and general (region) reduction paths.
// out = [matmul, reduce short form, reduce long form]
func.func @numerics(%a: tensor<1x3xf16>, %b: tensor<3x1xf16>, %x: tensor<1x4xf16>) -> tensor<3xf16> {
  %c0 = arith.constant 0 : index
  %one = arith.constant dense<1.0> : tensor<1x1xf16>
  %mm = linalg.matmul ins(%a, %b : tensor<1x3xf16>, tensor<3x1xf16>) outs(%one : tensor<1x1xf16>) -> tensor<1x1xf16>
  %zero = arith.constant dense<0.0> : tensor<1xf16>
  %r1 = linalg.reduce { arith.addf } ins(%x : tensor<1x4xf16>) outs(%zero : tensor<1xf16>) dimensions = [1]
  %r2 = linalg.reduce ins(%x : tensor<1x4xf16>) outs(%zero : tensor<1xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %n = arith.negf %in : f16
      %d = arith.subf %acc, %n : f16
      linalg.yield %d : f16
    }
  %m = tensor.extract %mm[%c0, %c0] : tensor<1x1xf16>
  %v1 = tensor.extract %r1[%c0] : tensor<1xf16>
  %v2 = tensor.extract %r2[%c0] : tensor<1xf16>
  %out = tensor.from_elements %m, %v1, %v2 : tensor<3xf16>
  return %out : tensor<3xf16>
}
