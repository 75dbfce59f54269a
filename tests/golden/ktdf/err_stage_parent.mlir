// A stage runs only inside a pipeline.
func.func @f() {
  ktdf.stage depends_in(none) depends_out(none) {
  }
  return
}
