// An op the interpreter does not run: a located error before running.
func.func @u(%a: tensor<4xf16>) -> tensor<4xf16> {
  %e = tensor.empty() : tensor<4xf16>
  %r = linalg.round ins(%a : tensor<4xf16>) outs(%e : tensor<4xf16>) -> tensor<4xf16>
  return %r : tensor<4xf16>
}
