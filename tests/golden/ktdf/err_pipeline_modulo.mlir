func.func @f() {
  ktdf.pipeline modulo(size: 0) {
  }
  return
}
