// affine.for steps forward.
func.func @f(%n: index) {
  affine.for %i = 0 to %n step 0 {
  }
  return
}
