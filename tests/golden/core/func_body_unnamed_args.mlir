// A function with a body must name its arguments.
func.func @f(f16) {
  return
}
