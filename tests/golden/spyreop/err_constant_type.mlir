// constant is f16 or f32.
func.func @f() {
  %0 = spyreop.constant 1.0 : bf16
  return
}
