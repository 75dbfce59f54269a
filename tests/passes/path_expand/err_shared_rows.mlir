// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// y = x + x over 8 rows of 1000 f16, 2 rows a tile on a grid of 4: a
// tile's rows span 4000 bytes, not whole 64-byte words, so a tile's first
// and last words hold its neighbours' elements too, which the sample
// device's DMA store unit (writing whole words) would lose in a
// read-modify-write: refused where it is. With 8 rows a tile
// (kernels/rows_odd_tiles.mlir), or on spyre, it compiles.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 999 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 999 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rows_pairs(%x: index, %y: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %per = arith.constant 2 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 1000], strides: [1000, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x1000xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 1000], strides: [1000, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x1000xf16>
    scf.for %r = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x1000xf16> -> !ktdp.access_tile<1x1000xindex>
      %ty = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x1000xf16> -> !ktdp.access_tile<1x1000xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x1000xindex> -> tensor<1x1000xf16>
      %w = arith.addf %v, %v : tensor<1x1000xf16>
      ktdp.store %w, %ty : tensor<1x1000xf16>, !ktdp.access_tile<1x1000xindex>
    }
    return
  }
}
