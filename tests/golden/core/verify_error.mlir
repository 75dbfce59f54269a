// A well-formed op that breaks its dialect's rules is a located verifier error.
func.func @f() {
  %c = arith.constant 1 : i32
  %d = arith.addf %c, %c : i32
  return
}
