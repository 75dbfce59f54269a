// scf.for takes lower bound, upper bound and step.
func.func @f(%n: index) {
  "scf.for"(%n, %n) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index) -> ()
  return
}
