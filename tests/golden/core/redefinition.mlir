// Defining an SSA name twice in one scope is an error at the second definition.
func.func @f() {
  %a = arith.constant 1 : i32
  %a = arith.constant 2 : i32
  return
}
