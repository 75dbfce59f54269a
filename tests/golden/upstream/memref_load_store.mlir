// memref.load / memref.store: one index per dimension.
func.func @f(%m: memref<10x200xindex>, %i: index, %j: index) {
  %v = memref.load %m[%i, %j] : memref<10x200xindex>
  memref.store %v, %m[%j, %i] : memref<10x200xindex>
  return
}
