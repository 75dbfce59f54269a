// select takes a condition and two values (checked in generic form too).
func.func @f(%a: f16, %b: f16) {
  %0 = "spyreop.select"(%a, %b) : (f16, f16) -> f16
  return
}
