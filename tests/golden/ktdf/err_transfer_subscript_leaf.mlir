// Subscripts are affine expressions of SSA values and integers.
func.func @f() {
  %l1 = memref.alloc() : memref<64xf16, "L1">
  ktdf.data_transfer from %l1[x] size [64] to %l1[0] size [64] : memref<64xf16, "L1">, memref<64xf16, "L1">
  return
}
