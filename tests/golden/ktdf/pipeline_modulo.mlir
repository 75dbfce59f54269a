// modulo(size: N) rotates N copies of the pipeline's resources; the
// reference prints it with a space before the colon.
func.func @pipeline_modulo() {
  ktdf.pipeline modulo(size: 2) {
    ktdf.stage depends_in(none) depends_out(none) {
    }
  }
  return
}
