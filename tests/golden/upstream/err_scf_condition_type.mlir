// The condition operand of scf.condition is an i1.
func.func @f(%x: i32) {
  %r = "scf.while"(%x) ({
  ^bb0(%a: i32):
    "scf.condition"(%a, %a) : (i32, i32) -> ()
  }, {
  ^bb0(%b: i32):
    "scf.yield"(%b) : (i32) -> ()
  }) : (i32) -> i32
  return
}
