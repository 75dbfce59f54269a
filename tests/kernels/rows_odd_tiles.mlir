// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// DEVICES: sample spyre
// rows_odd_tiles.mlir - y = x + x over 30 rows of 1000 f16, 8 rows a tile
// on a grid of 4 (the last tile 6, its loop up to min(start + 8, 30)): a
// row (2000 bytes) starts inside a 64-byte word, so the sample device's
// DMA store unit, which writes whole words, read-modify-writes the words
// at its ends; a tile's rows start at a multiple of 16000 bytes (whole
// words), so no other tile writes its words and the tiles'
// read-modify-writes never meet (ktc-path-expand's tiles_apart; session
// 27's refused it as it refuses path_expand/err_shared_rows, 2 rows a
// tile).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 29 >= 0, d1 >= 0, -d1 + 999 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 999 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rows_odd_tiles(%x: index, %y: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %per = arith.constant 8 : index
    %start = arith.muli %tile, %per : index
    %c30 = arith.constant 30 : index
    %next = arith.addi %start, %per : index
    %end = arith.minsi %next, %c30 : index
    %X = ktdp.construct_memory_view %x, sizes: [30, 1000], strides: [1000, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<30x1000xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [30, 1000], strides: [1000, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<30x1000xf16>
    scf.for %r = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<30x1000xf16> -> !ktdp.access_tile<1x1000xindex>
      %ty = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<30x1000xf16> -> !ktdp.access_tile<1x1000xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x1000xindex> -> tensor<1x1000xf16>
      %w = arith.addf %v, %v : tensor<1x1000xf16>
      ktdp.store %w, %ty : tensor<1x1000xf16>, !ktdp.access_tile<1x1000xindex>
    }
    return
  }
}
