// The file ends inside a function body.
func.func @f() {
  %c = arith.constant 1 : i32
