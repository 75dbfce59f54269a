// memref.view views a 1-D byte buffer.
func.func @f(%m: memref<64xf32>, %c0: index) {
  %v = memref.view %m[%c0][] : memref<64xf32> to memref<4x4xf32>
  return
}
