// tensor.extract_slice slices tensors (memref.subview slices memrefs).
func.func @f(%m: memref<3x64xf16>) {
  %0 = tensor.extract_slice %m[0, 0] [1, 64] [1, 1] : memref<3x64xf16> to tensor<1x64xf16>
  return
}
