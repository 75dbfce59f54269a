// compare takes its predicate in angle brackets (or bare) and yields 1.0 / 0.0.
func.func @f(%a: f16, %b: f16) {
  %0 = spyreop.compare <equal> %a, %b : f16
  %1 = spyreop.compare notequal %a, %b : f16
  %2 = spyreop.compare <lesserequal> %a, %b : f16
  return
}
