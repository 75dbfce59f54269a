// scf.if without else and without results; the empty scf.yield is implicit.
func.func @f(%c: i1, %n: index) {
  scf.if %c {
    %x = arith.addi %n, %n : index
  }
  return
}
