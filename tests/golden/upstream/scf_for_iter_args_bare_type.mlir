// `-> T` without parentheses (as Triton-generated KTIR writes it) prints as `-> (T)`.
func.func @f(%n: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<4xf32> {
    scf.yield %acc : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
