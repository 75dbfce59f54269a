func.func @f() {
  agen.yield
}
