// memref.cast keeps the memory space.
func.func @f(%m: memref<4xf16, "L1">) {
  %0 = memref.cast %m : memref<4xf16, "L1"> to memref<4xf16, "DDR">
  return
}
