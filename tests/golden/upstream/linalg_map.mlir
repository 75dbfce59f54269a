// linalg.map in short and long form (the body takes the input elements).
func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>, %o: tensor<8xf32>) {
  %0 = linalg.map { arith.addf } ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%o : tensor<8xf32>)
  %1 = linalg.map ins(%a : tensor<8xf32>) outs(%o : tensor<8xf32>)
    (%x: f32) {
      %y = arith.mulf %x, %x : f32
      %z = arith.addf %y, %x : f32
      linalg.yield %z : f32
    }
  return
}
