// memref.load takes one index per dimension.
func.func @f(%m: memref<4x4xf16>, %i: index) {
  %v = memref.load %m[%i] : memref<4x4xf16>
  return
}
