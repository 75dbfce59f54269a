func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  ktdf.parallel (%i, %inst) = (%c0) to (%c1) step (%c1) distribute(num_instances = 0) {
    ktdf.parallel_yield
  }
  return
}
