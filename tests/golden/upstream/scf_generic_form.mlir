// scf ops written in the generic form print in their custom form.
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}
