// The 'after' region takes one argument per result.
func.func @f(%x: i32) {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %t = arith.constant true
    scf.condition(%t) %a : i32
  } do {
    scf.yield %x : i32
  }
  return
}
