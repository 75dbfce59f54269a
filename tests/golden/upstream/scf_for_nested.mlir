// Nested loops may reuse induction variable names in sibling scopes; a loop
// body sees outer values.
func.func @f(%n: index, %m: memref<8x8xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %s = arith.addi %i, %j : index
      memref.store %s, %m[%i, %j] : memref<8x8xindex>
    }
  }
  scf.for %i = %c0 to %n step %c1 {
  }
  return
}
