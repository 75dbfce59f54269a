// RUN: ktc-split
// PARSE: --device=sample
// What no later stage handles yet is rejected, each where it is written:
// scf.while, scf.for carrying a value other than a tensor or a float, contractions
// other than linalg.matmul (which is accepted), and an op outside the
// compute set in a linalg body. Every offending op
// is reported.
#id = affine_map<(d0) -> (d0)>
func.func @loops(%n: i32, %t: f16) -> f16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %w = scf.while (%a = %n) : (i32) -> i32 {
    %z = arith.constant 0 : i32
    %go = arith.cmpi sgt, %a, %z : i32
    scf.condition(%go) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %n) -> i32 {
    scf.yield %acc : i32
  }
  return %t : f16
}
func.func @compute(%a: tensor<4x4xf16>, %b: tensor<4x4xf16>, %v: tensor<4xf16>) -> tensor<4x4xf16> {
  %p = linalg.matmul ins(%a, %b : tensor<4x4xf16>, tensor<4x4xf16>) outs(%a : tensor<4x4xf16>) -> tensor<4x4xf16>
  %q = linalg.matvec ins(%a, %v : tensor<4x4xf16>, tensor<4xf16>) outs(%v : tensor<4xf16>) -> tensor<4xf16>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%v : tensor<4xf16>) outs(%v : tensor<4xf16>) {
  ^bb0(%x: f16, %o: f16):
    %y = math.sin %x : f16
    linalg.yield %y : f16
  } -> tensor<4xf16>
  return %p : tensor<4x4xf16>
}
