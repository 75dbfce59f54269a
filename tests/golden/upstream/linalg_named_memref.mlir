// On memrefs a named op has no results.
func.func @f(%a: memref<4x8xf32>, %o: memref<4x8xf32>) {
  linalg.abs ins(%a : memref<4x8xf32>) outs(%o : memref<4x8xf32>)
  linalg.copy ins(%a : memref<4x8xf32>) outs(%o : memref<4x8xf32>)
  return
}
