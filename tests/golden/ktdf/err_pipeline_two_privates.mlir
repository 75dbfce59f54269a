func.func @f() {
  ktdf.pipeline {
    ktdf.private {}
    ktdf.private {}
  }
  return
}
