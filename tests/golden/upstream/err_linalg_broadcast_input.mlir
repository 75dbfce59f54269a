// linalg.broadcast broadcasts a tensor or memref.
func.func @f(%s: f16, %o: tensor<4xf16>) {
  %0 = linalg.broadcast ins(%s : f16) outs(%o : tensor<4xf16>) dimensions = [0]
  return
}
