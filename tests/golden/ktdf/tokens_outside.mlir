// Tokens may also be created outside the pipeline.
func.func @tokens_outside() {
  %t = ktdf.create_token : !ktdf.token
  ktdf.pipeline {
    ktdf.stage depends_in(none) depends_out(%t) {
    }
    ktdf.stage depends_in(%t) depends_out(none) {
    }
  }
  return
}
