// scf.for bounds are index or integer values.
func.func @f(%x: f32) {
  scf.for %i = %x to %x step %x : f32 {
  }
  return
}
