// RUN: ktc-split
// PARSE: --device=sample
// bias_grad.mlir - a bias gradient: the sums over batch and sequence of a
// 4x64x128 f16 gradient (linalg.reduce over dimensions [0, 1]), which
// ktc-interp folds as one pairwise tree over the 256 rows b * 64 + s. A
// first generic over (32, 128) folds rows j + 32 m (m < 8: batch m / 2,
// sequence j + 32 (m mod 2)), a second the 32 left by 8, the last the 4
// left and the init.
#x_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#y_set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
module {
  func.func @bias_grad(%dy: index, %db: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %DY = ktdp.construct_memory_view %dy, sizes: [4, 64, 128], strides: [8192, 128, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<4x64x128xf16>
    %DB = ktdp.construct_memory_view %db, sizes: [128], strides: [1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<128xf16>
    %tx = ktdp.construct_access_tile %DY[%c0, %c0, %c0] {
      access_tile_set = #x_set, access_tile_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    } : memref<4x64x128xf16> -> !ktdp.access_tile<4x64x128xindex>
    %ty = ktdp.construct_access_tile %DB[%c0] {
      access_tile_set = #y_set, access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<128xf16> -> !ktdp.access_tile<128xindex>
    %g = ktdp.load %tx : !ktdp.access_tile<4x64x128xindex> -> tensor<4x64x128xf16>
    %z = arith.constant 0.0 : f16
    %init = tensor.splat %z : tensor<128xf16>
    %s = linalg.reduce { arith.addf } ins(%g : tensor<4x64x128xf16>) outs(%init : tensor<128xf16>) dimensions = [0, 1]
    ktdp.store %s, %ty : tensor<128xf16>, !ktdp.access_tile<128xindex>
    return
  }
}
