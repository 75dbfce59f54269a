// get_global returns the global's type.
memref.global @g : memref<4xf16> = dense<1.0>
func.func @f() {
  %0 = memref.get_global @g : memref<8xf16>
  return
}
