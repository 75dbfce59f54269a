// scf.condition forwards values of the result types.
func.func @f(%x: i32, %y: index) {
  %r = scf.while (%a = %x) : (i32) -> index {
    %t = arith.constant true
    scf.condition(%t) %a : i32
  } do {
  ^bb0(%b: index):
    scf.yield %x : i32
  }
  return
}
