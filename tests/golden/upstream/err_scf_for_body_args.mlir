// The body takes the induction variable and one argument per iter_args value.
func.func @f(%n: index) {
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index, %j: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}
