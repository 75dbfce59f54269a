// RUN: ktc-split
// PARSE: --device=sample
// Functions without a ktdp.store have no compute group: they stay in the
// orchestrator as they are, and there is no program.
#id = affine_map<(d0) -> (d0)>
func.func @index_math(%t: index) -> index {
  %c64 = arith.constant 64 : index
  %r = arith.muli %t, %c64 : index
  return %r : index
}
func.func @tensors(%a: tensor<4xf16>, %b: tensor<4xf16>) -> tensor<4xf16> {
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf16>, tensor<4xf16>) outs(%a : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %s = arith.subf %x, %y : f16
    linalg.yield %s : f16
  } -> tensor<4xf16>
  return %r : tensor<4xf16>
}
