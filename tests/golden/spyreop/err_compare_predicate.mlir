// compare predicates: equal, notequal, greaterthan, greaterequal, lesserthan, lesserequal.
func.func @f(%a: f16, %b: f16) {
  %0 = spyreop.compare <less> %a, %b : f16
  return
}
