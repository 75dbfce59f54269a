// Stage tokens come from ktdf.create_token (directly or through a private).
func.func @f(%t: !ktdf.token) {
  ktdf.pipeline {
    ktdf.stage depends_in(%t) depends_out(none) {
    }
  }
  return
}
