// RUN: ktc-split
// PARSE: --device=spyre
// A tail along the rows: 9 rows of 8 f32 (64 elements fill the 32 f32
// lanes 4 rows at a time, 9 no multiple of 4) run 4 rows a tile up to
// row 8, then a tile of the last row (a sibling nest from row 8).
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 8 >= 0, d1 >= 0, -d1 + 7 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @tail_rows(%x: index, %y: index) {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [9, 8], strides: [8, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<9x8xf32>
    %Y = ktdp.construct_memory_view %y, sizes: [9, 8], strides: [8, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<9x8xf32>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<9x8xf32> -> !ktdp.access_tile<9x8xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<9x8xf32> -> !ktdp.access_tile<9x8xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<9x8xindex> -> tensor<9x8xf32>
    %r = arith.mulf %v, %v : tensor<9x8xf32>
    ktdp.store %r, %ty : tensor<9x8xf32>, !ktdp.access_tile<9x8xindex>
    return
  }
}
