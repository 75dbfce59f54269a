// scf.while: the 'before' region ends in scf.condition, which forwards values
// to the 'after' region (its block header is printed) and to the results.
func.func @f(%arg0: i32) -> i32 {
  %r = scf.while (%a = %arg0) : (i32) -> i32 {
    %c = arith.constant 0 : i32
    %cond = arith.cmpi slt, %a, %c : i32
    scf.condition(%cond) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %r : i32
}
