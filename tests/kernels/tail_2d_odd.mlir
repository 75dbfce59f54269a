// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// LAUNCH: --arg s=2.0
// LAUNCH: --arg s=-0.125
// tail_2d_odd.mlir - Y = X * s - X on a 13x1000 f16 matrix as one 2-D tile
// (grid [1]): 13 rows, each 1000 wide (no multiple of the 64 f16 lanes, and
// every odd row starts inside a 128-byte word). ktc-split runs the rows in
// two nests: a 512-element tile a row (8 pieces of 64), then the other 488
// as one tile (8 pieces of 61).
module {
  func.func @tail_2d_odd(%x: index, %y: index, %s: f16) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [13, 1000], strides: [1000, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 12 >= 0, d1 >= 0, -d1 + 999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<13x1000xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [13, 1000], strides: [1000, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 12 >= 0, d1 >= 0, -d1 + 999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<13x1000xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 12 >= 0, d1 >= 0, -d1 + 999 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<13x1000xf16> -> !ktdp.access_tile<13x1000xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 12 >= 0, d1 >= 0, -d1 + 999 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<13x1000xf16> -> !ktdp.access_tile<13x1000xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<13x1000xindex> -> tensor<13x1000xf16>
    %sv = tensor.splat %s : tensor<13x1000xf16>
    %m = arith.mulf %v, %sv : tensor<13x1000xf16>
    %r = arith.subf %m, %v : tensor<13x1000xf16>
    ktdp.store %r, %ty : tensor<13x1000xf16>, !ktdp.access_tile<13x1000xindex>
    return
  }
}
