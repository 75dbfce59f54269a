// scf.for has one result per iter_args value.
func.func @f(%n: index) {
  %r = "scf.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    "scf.yield"(%n) : (index) -> ()
  }) : (index, index, index) -> index
  return
}
