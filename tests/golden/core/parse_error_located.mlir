// A syntax error points at the offending token, with the source line and a caret.
func.func @f() {
  %c = arith.constant 1 : i32 : f16
  return
}
