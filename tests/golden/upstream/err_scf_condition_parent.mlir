// scf.condition only ends the 'before' region of scf.while.
func.func @f(%c: i1) {
  %r = scf.execute_region -> index {
    scf.condition(%c)
  }
  return
}
