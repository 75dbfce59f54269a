// uniform.yield is a terminator (here ending a function body).
func.func @yield() {
  uniform.yield
}
