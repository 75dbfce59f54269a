// memref.copy between memory spaces; memref.view of a byte buffer.
func.func @f(%a: memref<1x64xf16>, %b: memref<1x64xf16, "SFU_REG">, %buf: memref<2048xi8>, %n: index) {
  memref.copy %a, %b : memref<1x64xf16> to memref<1x64xf16, "SFU_REG">
  %c0 = arith.constant 0 : index
  %v = memref.view %buf[%c0][%n] : memref<2048xi8> to memref<?x4xf32>
  return
}
