// iter_args: results are bound to the loop, the body yields the next values.
func.func @f(%n: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t, %k = %c0) -> (tensor<4xf32>, index) {
    %s = arith.addf %acc, %acc : tensor<4xf32>
    %k1 = arith.addi %k, %i : index
    scf.yield %s, %k1 : tensor<4xf32>, index
  }
  return %r#0 : tensor<4xf32>
}
