// tensor.extract reads a tensor (memref.load reads memrefs).
func.func @f(%m: memref<4xf16>, %i: index) {
  %x = tensor.extract %m[%i] : memref<4xf16>
  return
}
