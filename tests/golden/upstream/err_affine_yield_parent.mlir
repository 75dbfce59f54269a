// affine.yield ends an affine.for body.
func.func @f() {
  %r = scf.execute_region -> index {
    affine.yield
  }
  return
}
