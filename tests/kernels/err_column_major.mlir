// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower
// PARSE: --device=sample
// err_column_major.mlir - Y = |X - W| over a grid of 8 tiles with W read
// column-major (strides [1, 8]), a row of W a tile: the tile has one
// element along W's contiguous dim, so ktc-split cannot move it in storage
// order (transpose_load.mlir can), and ktc-lower refuses the
// non-contiguous transfer, located at W's ktdp.load.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @grid8_sub(%x: index, %w: index, %y: index) attributes {grid = [8]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %W = ktdp.construct_memory_view %w, sizes: [8, 64], strides: [1, 8] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %tx = ktdp.construct_access_tile %X[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<1x64xindex>
  %tw = ktdp.construct_access_tile %W[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<1x64xindex>
  %ty = ktdp.construct_access_tile %Y[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<1x64xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %b = ktdp.load %tw : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %d = arith.subf %a, %b : tensor<1x64xf16>
  %r = math.absf %d : tensor<1x64xf16>
  ktdp.store %r, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
