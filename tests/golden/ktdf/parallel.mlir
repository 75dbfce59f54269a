// A 2-D iteration space block-distributed over 2 instances; the last
// block argument is the instance id.
func.func @parallel() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  ktdf.parallel (%i, %j, %inst) = (%c0, %c0) to (%c8, %c8) step (%c1, %c1)
                                  distribute(num_instances = 2) {
    "test.body"(%i, %j, %inst) : (index, index, index) -> ()
    ktdf.parallel_yield
  }
  return
}
