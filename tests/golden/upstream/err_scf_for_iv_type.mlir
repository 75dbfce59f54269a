// The induction variable has the bounds' type.
func.func @f(%n: index) {
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: i32):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}
