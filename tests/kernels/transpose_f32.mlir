// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// transpose_f32.mlir - Y = X^T of a 32x96 f32 block: a vector of Y's row
// (32 f32, one 128-byte stick) is a column of X, one element of each of its
// 32 rows. Over the columns' loop the elements lie in the first 96 of every
// row: those three sticks a row move once, from constant subscripts, and
// the scratchpad load units read each column in them (path_expand_word.c;
// transpose.mlir is the f16 case).
func.func @transpose_f32(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [32, 96], strides: [96, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 95 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32x96xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [96, 32], strides: [32, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 95 >= 0, d1 >= 0, -d1 + 31 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<96x32xf32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 95 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x96xf32> -> !ktdp.access_tile<32x96xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 95 >= 0, d1 >= 0, -d1 + 31 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<96x32xf32> -> !ktdp.access_tile<96x32xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<32x96xindex> -> tensor<32x96xf32>
  %e = tensor.empty() : tensor<96x32xf32>
  %t = linalg.transpose ins(%v : tensor<32x96xf32>) outs(%e : tensor<96x32xf32>) permutation = [1, 0]
  ktdp.store %t, %ty : tensor<96x32xf32>, !ktdp.access_tile<96x32xindex>
  return
}
