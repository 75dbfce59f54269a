// linalg.map's body takes the input elements only.
func.func @f(%a: tensor<8xf32>, %o: tensor<8xf32>) {
  %0 = linalg.map ins(%a : tensor<8xf32>) outs(%o : tensor<8xf32>)
    (%x: f32, %y: f32) {
      linalg.yield %x : f32
    }
  return
}
