// get_global returns a memref.
func.func @f() {
  %0 = "memref.get_global"() {name = @g} : () -> tensor<4xf16>
  return
}
