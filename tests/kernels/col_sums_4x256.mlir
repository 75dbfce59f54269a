// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// col_sums_4x256.mlir - column sums of a 256x1024 f16 matrix on a grid of
// 4 cores, core pid summing columns 256 pid .. 256 pid + 255 (a
// linalg.reduce over dimension 0, as a bias gradient or LayerNorm
// backward's dB sums over rows): ktc-split folds the rows as ktc-interp
// does, a pairwise tree of elementwise combines of whole rows.
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#y_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>
module {
  func.func @col_sums(%x: index, %y: index) attributes {grid = [4]} {
    %pid = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %col = arith.muli %pid, %c256 : index
    %X = ktdp.construct_memory_view %x, sizes: [256, 1024], strides: [1024, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<256x1024xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1024], strides: [1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<1024xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %col] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<256x1024xf16> -> !ktdp.access_tile<256x256xindex>
    %ty = ktdp.construct_access_tile %Y[%col] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<1024xf16> -> !ktdp.access_tile<256xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<256x256xindex> -> tensor<256x256xf16>
    %z = arith.constant 0.0 : f16
    %init = tensor.splat %z : tensor<256xf16>
    %s = linalg.reduce { arith.addf } ins(%v : tensor<256x256xf16>) outs(%init : tensor<256xf16>) dimensions = [0]
    ktdp.store %s, %ty : tensor<256xf16>, !ktdp.access_tile<256xindex>
    return
  }
}
