// Each dimension gets an induction variable, plus the instance id.
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  ktdf.parallel (%i) = (%c0) to (%c1) step (%c1) distribute(num_instances = 2) {
    ktdf.parallel_yield
  }
  return
}
