// An explicit `: index` after the step is dropped (index is the default);
// another induction variable type stays.
func.func @f(%n: index, %a: i32, %b: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 : index {
  }
  scf.for %j = %a to %b step %a : i32 {
    %y = arith.addi %j, %j : i32
  }
  return
}
