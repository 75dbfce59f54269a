// memref.view takes one size per dynamic dimension.
func.func @f(%buf: memref<2048xi8>, %c0: index) {
  %v = memref.view %buf[%c0][] : memref<2048xi8> to memref<?x4xf32>
  return
}
