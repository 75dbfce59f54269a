// scf.condition forwards one value per result.
func.func @f(%x: i32) {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %t = arith.constant true
    scf.condition(%t)
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}
