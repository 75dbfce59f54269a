// memref.copy keeps the element type.
func.func @f(%a: memref<4xf16>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<4xf16> to memref<4xf32>
  return
}
