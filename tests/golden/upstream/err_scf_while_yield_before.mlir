// The 'before' region of scf.while ends in scf.condition, not scf.yield.
func.func @f(%x: i32) {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    scf.yield %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}
