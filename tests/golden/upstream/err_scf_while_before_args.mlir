// The 'before' region takes one argument per operand, of its type.
func.func @f(%x: i32) {
  %r = "scf.while"(%x) ({
  ^bb0(%a: index):
    %t = arith.constant true
    "scf.condition"(%t, %x) : (i1, i32) -> ()
  }, {
  ^bb0(%b: i32):
    "scf.yield"(%b) : (i32) -> ()
  }) : (i32) -> i32
  return
}
