// A bare `#name` not followed by `<` is an alias, and must be defined.
func.func @f() {
  "test.op"() {op = #nothing} : () -> ()
  return
}
