// iter_args and the result types must pair up.
func.func @f(%n: index, %t: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %c0 to %n step %c0 iter_args(%a = %t) -> (tensor<4xf32>, index) {
    scf.yield %a : tensor<4xf32>
  }
  return
}
