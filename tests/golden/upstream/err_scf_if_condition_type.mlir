// The condition of scf.if is an i1.
func.func @f(%c: i32) {
  scf.if %c {
  }
  return
}
