// linalg.map's inputs have the init's shape.
func.func @f(%a: tensor<8xf32>, %o: tensor<4xf32>) {
  %0 = linalg.map { arith.negf } ins(%a : tensor<8xf32>) outs(%o : tensor<4xf32>)
  return
}
