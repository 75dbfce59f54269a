// scf.while with two carried values of different types: the results go in parentheses.
func.func @f(%x: i32, %y: index) {
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, index) -> (i32, index) {
    %t = arith.constant true
    scf.condition(%t) %a, %b : i32, index
  } do {
  ^bb0(%p: i32, %q: index):
    scf.yield %p, %q : i32, index
  }
  return
}
