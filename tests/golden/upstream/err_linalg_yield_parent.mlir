// linalg.yield ends the body of a linalg op.
func.func @f(%c: i1, %x: f16) {
  scf.if %c {
    linalg.yield %x : f16
  }
  return
}
