// The function type of scf.while lists one input per initial value.
func.func @f(%x: i32) {
  %r = scf.while (%a = %x) : (i32, i32) -> i32 {
    %t = arith.constant true
    scf.condition(%t) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}
