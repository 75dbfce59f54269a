// Over capacity before any allocation: a tensor type far beyond the scratchpad.
func.func @huge() -> tensor<100000x100000x1000xf16> {
  %e = tensor.empty() : tensor<100000x100000x1000xf16>
  return %e : tensor<100000x100000x1000xf16>
}
