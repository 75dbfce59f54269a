// RUN: ktc-print
func.func @f() {
  return
}
