// The regions of scf.if take no arguments.
func.func @f(%c: i1) {
  "scf.if"(%c) ({
  ^bb0(%x: index):
    "scf.yield"() : () -> ()
  }, {}) : (i1) -> ()
  return
}
