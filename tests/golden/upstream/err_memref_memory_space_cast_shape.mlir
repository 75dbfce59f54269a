// memory_space_cast changes only the memory space.
func.func @f(%m: memref<4xf16, "L1">) {
  %0 = memref.memory_space_cast %m : memref<4xf16, "L1"> to memref<8xf16, "DDR">
  return
}
