// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg s=1.5
// LAUNCH: --arg s=-2.0
// tail_tile_offset.mlir - Y = X * s on 2000 f16 over a grid of 2 tiles,
// tile t at t * 1000 (computed in the program from the tile id: tile 1's
// block starts 80 bytes into a 128-byte word). Its tiles (512 elements,
// then the other 488) move whole words astride two; ktc-codegen, which
// sees only a launch-time offset, stores them under a byte mask
// (dma.mask), not as whole words. Spyre only: the sample device stores no
// part of a word of device memory that other tiles share.
#s = affine_set<(d0) : (d0 >= 0, -d0 + 1999 >= 0)>
#b = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @tail_tile_offset(%x: index, %y: index, %s: f16) attributes {grid = [2]} {
    %t = ktdp.get_compute_tile_id : index
    %c1000 = arith.constant 1000 : index
    %o = arith.muli %t, %c1000 : index
    %X = ktdp.construct_memory_view %x, sizes: [2000], strides: [1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2000xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2000], strides: [1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<2000xf16>
    %tx = ktdp.construct_access_tile %X[%o] {access_tile_set = #b, access_tile_order = #id} : memref<2000xf16> -> !ktdp.access_tile<1000xindex>
    %ty = ktdp.construct_access_tile %Y[%o] {access_tile_set = #b, access_tile_order = #id} : memref<2000xf16> -> !ktdp.access_tile<1000xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1000xindex> -> tensor<1000xf16>
    %sv = tensor.splat %s : tensor<1000xf16>
    %r = arith.mulf %v, %sv : tensor<1000xf16>
    ktdp.store %r, %ty : tensor<1000xf16>, !ktdp.access_tile<1000xindex>
    return
  }
}
