// RUN: ktc-split
// PARSE: --device=spyre
// No tail where the whole extent fits ktc-lower's pieces: 5 rows of 96 f16
// (no multiple of the 64 lanes) take tiles of a whole row, which ktc-lower
// runs in two pieces of 48; the rows' loop then has 5 trips.
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4 >= 0, d1 >= 0, -d1 + 95 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @tail_whole(%x: index, %y: index) {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [5, 96], strides: [96, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<5x96xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [5, 96], strides: [96, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<5x96xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<5x96xf16> -> !ktdp.access_tile<5x96xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<5x96xf16> -> !ktdp.access_tile<5x96xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<5x96xindex> -> tensor<5x96xf16>
    %r = math.exp %v : tensor<5x96xf16>
    ktdp.store %r, %ty : tensor<5x96xf16>, !ktdp.access_tile<5x96xindex>
    return
  }
}
