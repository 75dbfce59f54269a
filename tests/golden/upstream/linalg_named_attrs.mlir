// Discardable attributes go before `ins`.
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.exp {tag = "x"} ins(%a : tensor<4xf32>) outs(%o : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
