func.func @f(%t: index) {
  ktdf.pipeline {
    ktdf.stage depends_in(%t) depends_out(none) {
    }
  }
  return
}
