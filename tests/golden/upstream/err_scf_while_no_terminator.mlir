// The regions of scf.while end in a terminator (scf.condition for the first).
func.func @f(%x: i32) {
  %r = "scf.while"(%x) ({
  ^bb0(%a: i32):
    "test.end"() : () -> ()
  }, {
  ^bb0(%b: i32):
    "scf.yield"(%b) : (i32) -> ()
  }) : (i32) -> i32
  return
}
