// Elementwise named ops need inputs shaped like the init.
func.func @f(%a: tensor<4x8xf16>, %b: tensor<4x4xf16>, %o: tensor<4x8xf16>) {
  %0 = linalg.add ins(%a, %b : tensor<4x8xf16>, tensor<4x4xf16>) outs(%o : tensor<4x8xf16>) -> tensor<4x8xf16>
  return
}
