// RUN: ktc-split
// PARSE: --device=spyre
// Tails of tiles astride words: each of 2 tiles adds its block of 1000 f16
// (2000 bytes: tile 1's starts inside a 128-byte word, as sched_value_gcd
// finds from the tile id). Each transfer then moves one word more than it
// holds and ktc-nest does not coarsen such tiles, so ktc-split makes them
// wide: 512 elements (8 pieces of 64, the count leaving the fewest tiles),
// then the other 488 as one tile that ktc-lower runs in 8 pieces of 61
// (no lane-wide tiles, no tail).
#s = affine_set<(d0) : (d0 >= 0, -d0 + 1999 >= 0)>
#b = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @tail_wide(%x: index, %y: index) attributes {grid = [2]} {
    %t = ktdp.get_compute_tile_id : index
    %c1000 = arith.constant 1000 : index
    %o = arith.muli %t, %c1000 : index
    %X = ktdp.construct_memory_view %x, sizes: [2000], strides: [1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2000xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2000], strides: [1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2000xf16>
    %tx = ktdp.construct_access_tile %X[%o] {access_tile_set = #b, access_tile_order = #id} : memref<2000xf16> -> !ktdp.access_tile<1000xindex>
    %ty = ktdp.construct_access_tile %Y[%o] {access_tile_set = #b, access_tile_order = #id} : memref<2000xf16> -> !ktdp.access_tile<1000xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1000xindex> -> tensor<1000xf16>
    %r = arith.addf %v, %v : tensor<1000xf16>
    ktdp.store %r, %ty : tensor<1000xf16>, !ktdp.access_tile<1000xindex>
    return
  }
}
