// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower
// PARSE: --device=sample
// transpose.mlir - Y = X^T of a 64x64 f16 block with linalg.transpose: a
// vector of Y's row is a column of X, one element of each of X's rows. No
// DMA moves a column (device memory moves 128-byte sticks on spyre): the
// span of every row that the columns' loop reads, here the whole block,
// moves to the scratchpad from constant subscripts, once (ktc-nest hoists
// it), and the scratchpad load units read each column in it, an element a
// row apart (path_expand_word.c).
func.func @transpose(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [64, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [64, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
  %e = tensor.empty() : tensor<64x64xf16>
  %t = linalg.transpose ins(%v : tensor<64x64xf16>) outs(%e : tensor<64x64xf16>) permutation = [1, 0]
  ktdp.store %t, %ty : tensor<64x64xf16>, !ktdp.access_tile<64x64xindex>
  return
}
