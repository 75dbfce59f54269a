// As many sizes as the memref has dimensions.
func.func @f(%i: index) {
  %a = memref.alloc() : memref<128x128xf16, "DDR">
  %l1 = memref.alloc() : memref<64xf16, "L1">
  ktdf.data_transfer from %a[%i, 0] size [64] to %l1[0] size [64] : memref<128x128xf16, "DDR">, memref<64xf16, "L1">
  return
}
