// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// tile2d.mlir - C = max(A, B) on one 4x128 f16 tile per compute tile (grid
// 2, tiles stacked by rows): tiled to 1x64 for the 64 lanes, under two
// parallel tile loops (4 rows, 2 halves).
module {
  func.func @tile2d(%a: index, %b: index, %c: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %row = arith.muli %tile, %c4 : index
    %A = ktdp.construct_memory_view %a, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x128xf16>
    %B = ktdp.construct_memory_view %b, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x128xf16>
    %C = ktdp.construct_memory_view %c, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x128xf16>
    %ta = ktdp.construct_access_tile %A[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<8x128xf16> -> !ktdp.access_tile<4x128xindex>
    %tb = ktdp.construct_access_tile %B[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<8x128xf16> -> !ktdp.access_tile<4x128xindex>
    %tc = ktdp.construct_access_tile %C[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<8x128xf16> -> !ktdp.access_tile<4x128xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<4x128xindex> -> tensor<4x128xf16>
    %y = ktdp.load %tb : !ktdp.access_tile<4x128xindex> -> tensor<4x128xf16>
    %init = tensor.empty() : tensor<4x128xf16>
    %m = linalg.max ins(%x, %y : tensor<4x128xf16>, tensor<4x128xf16>) outs(%init : tensor<4x128xf16>) -> tensor<4x128xf16>
    ktdp.store %m, %tc : tensor<4x128xf16>, !ktdp.access_tile<4x128xindex>
    return
  }
}
