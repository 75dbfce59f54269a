// An empty dependence list is spelled `none`.
func.func @f() {
  ktdf.pipeline {
    ktdf.stage depends_in() depends_out(none) {
    }
  }
  return
}
