// The body yields values of the iter_args types.
func.func @f(%n: index, %t: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %c0 to %n step %c0 iter_args(%a = %t) -> (tensor<4xf32>) {
    scf.yield %i : index
  }
  return
}
