// A long-form body that is one op on (accumulator, element) prints in short
// form, as MLIR does; element-first operand order keeps the long form.
func.func @f(%x: tensor<4x8xf16>, %init: tensor<4xf16>) {
  %0 = linalg.reduce ins(%x : tensor<4x8xf16>) outs(%init : tensor<4xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %s = arith.addf %acc, %in : f16
      linalg.yield %s : f16
    }
  %1 = linalg.reduce ins(%x : tensor<4x8xf16>) outs(%init : tensor<4xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %s = arith.addf %in, %acc : f16
      linalg.yield %s : f16
    }
  return
}
