// RUN: ktc-split
// PARSE: --device=sample
// A loop carrying a tensor that no ktdp.store uses (here returned) belongs
// to no compute group: its value would have to leave the kernel another
// way.
func.func @unused(%t: tensor<1x64xf16>) -> tensor<1x64xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %t) -> tensor<1x64xf16> {
    %n = arith.addf %acc, %acc : tensor<1x64xf16>
    scf.yield %n : tensor<1x64xf16>
  }
  return %r : tensor<1x64xf16>
}
