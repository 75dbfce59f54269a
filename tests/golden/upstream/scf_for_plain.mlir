// scf.for without iter_args: the empty scf.yield may be omitted, and is.
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
  }
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.addi %i, %i : index
    scf.yield
  }
  return
}
