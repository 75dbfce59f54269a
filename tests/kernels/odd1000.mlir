// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// odd1000.mlir - Y = X * X - X on a 1000-element f16 vector on a 3-D grid
// [1, 1, 1] (one tile; 1000 elements are 15 lane-wide pieces and 40 more:
// the last piece is part of a DMA word).
func.func @odd1000(%x: index, %y: index) attributes {grid = [1, 1, 1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [1000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1000xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1000xf16>
  %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<1000xf16> -> !ktdp.access_tile<1000xindex>
  %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<1000xf16> -> !ktdp.access_tile<1000xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<1000xindex> -> tensor<1000xf16>
  %sq = arith.mulf %v, %v : tensor<1000xf16>
  %r = arith.subf %sq, %v : tensor<1000xf16>
  ktdp.store %r, %ty : tensor<1000xf16>, !ktdp.access_tile<1000xindex>
  return
}
