// expand_shape with output_shape (static or SSA entries); the older spelling
// without output_shape takes it from the result type.
func.func @f(%t: tensor<1024xf16>, %u: tensor<?x128xf16>, %n: index) {
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [4, 256] : tensor<1024xf16> into tensor<4x256xf16>
  %1 = tensor.expand_shape %u [[0, 1], [2]] output_shape [%n, 4, 128] : tensor<?x128xf16> into tensor<?x4x128xf16>
  %2 = tensor.expand_shape %t [[0, 1]] : tensor<1024xf16> into tensor<1x1024xf16>
  return
}
