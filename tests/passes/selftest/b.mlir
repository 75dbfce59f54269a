// RUN: ktc-print
func.func @f() {
  %x = foo.bar
}
