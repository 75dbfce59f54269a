// memref.global: the initializer's tensor type is implied by the memref type;
// visibility, constant, uninitialized and declarations; memref.get_global.
memref.global @c1 : memref<64xf16> = dense<1.0>
memref.global "private" constant @c2 : memref<2xi32> = dense<[1, 2]> {alignment = 64 : i64}
memref.global @buf : memref<4xf32> = uninitialized
memref.global "private" @ext : memref<4xf32>
func.func @f() {
  %0 = memref.get_global @c1 : memref<64xf16>
  %1 = memref.get_global @c2 : memref<2xi32>
  return
}
