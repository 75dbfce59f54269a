// broadcast's dimensions are the init dimensions the input lacks.
func.func @f(%v: tensor<32xf16>, %m: tensor<32x64xf16>) {
  %0 = linalg.broadcast ins(%v : tensor<32xf16>) outs(%m : tensor<32x64xf16>) dimensions = [0]
  return
}
