// tensor.dim takes a tensor.
func.func @f(%m: memref<4xf32>, %i: index) {
  %0 = tensor.dim %m, %i : memref<4xf32>
  return
}
