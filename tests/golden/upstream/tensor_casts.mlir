// tensor.cast changes static/dynamic extents; tensor.bitcast the element type
// of one width.
func.func @f(%t: tensor<4xf32>) {
  %0 = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %1 = tensor.bitcast %t : tensor<4xf32> to tensor<4xi32>
  return
}
