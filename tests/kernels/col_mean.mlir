// RUN: ktc-split
// PARSE: --device=sample
// col_mean.mlir - column means of an 8x64 f16 matrix, a linalg.reduce over
// dimension 0: ktc-split folds the 8 rows as ktc-interp does (a pairwise
// tree, row i with row i + 4, ...) in one elementwise generic reading each
// row at a constant index, the init and the division fused in.
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @col_mean(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [64], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<64xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = #id
    } : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
    %ty = ktdp.construct_access_tile %Y[%c0] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<64xf16> -> !ktdp.access_tile<64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
    %z = arith.constant 0.0 : f16
    %init = tensor.splat %z : tensor<64xf16>
    %s = linalg.reduce { arith.addf } ins(%v : tensor<8x64xf16>) outs(%init : tensor<64xf16>) dimensions = [0]
    %n = arith.constant dense<8.0> : tensor<64xf16>
    %m = arith.divf %s, %n : tensor<64xf16>
    ktdp.store %m, %ty : tensor<64xf16>, !ktdp.access_tile<64xindex>
    return
  }
}
