// scf.execute_region runs its region once and yields its results.
func.func @f(%a: index) -> index {
  %r = scf.execute_region -> index {
    %b = arith.addi %a, %a : index
    scf.yield %b : index
  }
  return %r : index
}
