// A bound map has at least one result.
func.func @f() {
  affine.for %i = 0 to affine_map<() -> ()>() {
  }
  return
}
