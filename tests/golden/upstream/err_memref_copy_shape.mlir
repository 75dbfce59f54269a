// memref.copy copies between memrefs of one shape.
func.func @f(%a: memref<4xf16>, %b: memref<8xf16>) {
  memref.copy %a, %b : memref<4xf16> to memref<8xf16>
  return
}
