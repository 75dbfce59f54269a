// memref.expand_shape / memref.collapse_shape, as for tensors.
func.func @f(%m: memref<1024xf16>, %n: memref<4x256xf16>) {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 256] : memref<1024xf16> into memref<4x256xf16>
  %1 = memref.collapse_shape %n [[0, 1]] : memref<4x256xf16> into memref<1024xf16>
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<1024xf16>
  return
}
