// constant in custom and generic form.
func.func @f() {
  %0 = spyreop.constant 0.0 : f16
  %1 = "spyreop.constant"() {value = 1.5 : f32} : () -> f32
  return
}
