// dense<> constants: float splats in any spelling print in one canonical
// form; integer and boolean splats; a non-splat list keeps every element.
func.func @dense() {
  %z = arith.constant dense<0.0> : tensor<4x64xf16>
  %o = arith.constant dense<1.000000e+00> : tensor<64xf32>
  %t = arith.constant dense<2.5e-01> : tensor<2x2xf16>
  %i = arith.constant dense<-3> : tensor<8xi32>
  %b = arith.constant dense<true> : tensor<4xi1>
  %l = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
  return
}
