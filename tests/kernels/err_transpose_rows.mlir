// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// err_transpose_rows.mlir - Y = X^T of a 60x60 f16 block: X's rows are
// 120 bytes apart, so a column's elements sit at a different offset in
// each row's 128-byte stick, which no evenly strided read of the sticks
// reaches (transpose.mlir's 64x64 works): refused by ktc-path-expand,
// located at the transpose.
func.func @transpose_rows(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [60, 60], strides: [60, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 59 >= 0, d1 >= 0, -d1 + 59 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<60x60xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [60, 60], strides: [60, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 59 >= 0, d1 >= 0, -d1 + 59 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<60x60xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 59 >= 0, d1 >= 0, -d1 + 59 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<60x60xf16> -> !ktdp.access_tile<60x60xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 59 >= 0, d1 >= 0, -d1 + 59 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<60x60xf16> -> !ktdp.access_tile<60x60xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<60x60xindex> -> tensor<60x60xf16>
  %e = tensor.empty() : tensor<60x60xf16>
  %t = linalg.transpose ins(%v : tensor<60x60xf16>) outs(%e : tensor<60x60xf16>) permutation = [1, 0]
  ktdp.store %t, %ty : tensor<60x60xf16>, !ktdp.access_tile<60x60xindex>
  return
}
