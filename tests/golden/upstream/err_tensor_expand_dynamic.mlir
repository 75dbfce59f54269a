// Without output_shape, the result type must be static.
func.func @f(%t: tensor<?xf16>) {
  %0 = tensor.expand_shape %t [[0, 1]] : tensor<?xf16> into tensor<?x4xf16>
  return
}
