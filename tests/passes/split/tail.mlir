// RUN: ktc-split
// PARSE: --device=spyre
// Tails: Y = X + X on 1000 f16 at offset 0 (whole words) runs in lane-wide
// tiles of 64 up to 960, then one tail pipeline of the other 40 (a sibling
// of the tile loop, at 960: no loop of one trip), not in tiles of
// gcd(1000, 64) = 8.
#s = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @tail(%x: index, %y: index) {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [1000], strides: [1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<1000xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1000], strides: [1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<1000xf16>
    %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = #s, access_tile_order = #id} : memref<1000xf16> -> !ktdp.access_tile<1000xindex>
    %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #s, access_tile_order = #id} : memref<1000xf16> -> !ktdp.access_tile<1000xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1000xindex> -> tensor<1000xf16>
    %r = arith.addf %v, %v : tensor<1000xf16>
    ktdp.store %r, %ty : tensor<1000xf16>, !ktdp.access_tile<1000xindex>
    return
  }
}
