// An iter_args value, its region argument and its result share one type.
func.func @f(%n: index, %t: tensor<4xf32>) {
  %r = "scf.for"(%n, %n, %n, %t) ({
  ^bb0(%i: index, %a: tensor<8xf32>):
    "scf.yield"(%t) : (tensor<4xf32>) -> ()
  }) : (index, index, index, tensor<4xf32>) -> tensor<4xf32>
  return
}
