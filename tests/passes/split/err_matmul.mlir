// RUN: ktc-split
// PARSE: --device=spyre
// linalg.matmul forms the split does not compute yet, each refused where it
// is written: operands through indexing_maps (here B transposed; ktc-interp
// ignores the maps), mixed
// element types, an element type other than f16, bf16 and f32, and
// (like every contraction but linalg.matmul) linalg.batch_matmul.
func.func @forms(%a: tensor<4x8xf16>, %sq: tensor<8x8xf16>, %c: tensor<4x16xf16>,
                 %a32: tensor<4x8xf32>, %b: tensor<8x16xf16>, %ai: tensor<4x8xi32>,
                 %bi: tensor<8x16xi32>, %ci: tensor<4x16xi32>, %x: tensor<2x4x8xf16>,
                 %y: tensor<2x8x16xf16>, %z: tensor<2x4x16xf16>) {
  %t = linalg.matmul ins(%sq, %sq : tensor<8x8xf16>, tensor<8x8xf16>) outs(%sq : tensor<8x8xf16>)
       {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]} -> tensor<8x8xf16>
  %m = linalg.matmul ins(%a32, %b : tensor<4x8xf32>, tensor<8x16xf16>) outs(%c : tensor<4x16xf16>) -> tensor<4x16xf16>
  %i = linalg.matmul ins(%ai, %bi : tensor<4x8xi32>, tensor<8x16xi32>) outs(%ci : tensor<4x16xi32>) -> tensor<4x16xi32>
  %bm = linalg.batch_matmul ins(%x, %y : tensor<2x4x8xf16>, tensor<2x8x16xf16>) outs(%z : tensor<2x4x16xf16>) -> tensor<2x4x16xf16>
  return
}
