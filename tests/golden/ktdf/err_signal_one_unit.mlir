// A signal links a producer unit and its consumers: two units or more.
func.func @f(%u: index) {
  ktdf_lowering.signal %u
  return
}
