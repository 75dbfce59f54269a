// scf.if with results needs an else region.
func.func @f(%c: i1, %a: index) {
  %r = scf.if %c -> (index) {
    scf.yield %a : index
  }
  return
}
