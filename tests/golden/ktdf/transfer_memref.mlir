// memref to memref (DMA): affine subscripts over SSA values (one dim per
// distinct value), literal and SSA sizes.
func.func @transfer_memref(%i: index, %j: index, %n: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<128x128xf16, "DDR">
  %l1 = memref.alloc() : memref<2x64xf16, "L1">
  ktdf.data_transfer from %a[%i + 3, %j * 2] size [1, %n] to %l1[%c0, %c0] size [1, %n]
    : memref<128x128xf16, "DDR">, memref<2x64xf16, "L1">
  ktdf.data_transfer from %l1[0, 1] size [1, 64] to %a[%i, %i floordiv 2] size [1, 64] : memref<2x64xf16, "L1">, memref<128x128xf16, "DDR">
  return
}
