// scf.if with results needs an else region; both regions yield.
func.func @f(%c: i1, %a: index, %b: index) -> index {
  %r = scf.if %c -> (index) {
    scf.yield %a : index
  } else {
    scf.yield %b : index
  }
  scf.if %c {
  } else {
  }
  return %r : index
}
