// RUN: ktc-split | ktc-path-expand | ktc-nest --disable=fold-grid | ktc-allocate | ktc-lower | ktc-codegen --ktir=tiles_masked.mlir --emit=text
// PARSE: --device=devices/two_core.mlir
// PRINT: none
// tiles_masked.mlir - y = x + x over n f16 elements (n an argument), tile
// t at t * 128 on a grid of 6: Triton's masked form, each tile moving
// min(n - t * 128, 128) elements. On two_core (devices/), each core hosts
// three tiles (t on core t mod 2). That count is not affine across a
// core's tiles (the last may be short), so the first tile's is an
// initial register of the unit and the later tiles' are computed at run
// time from the registers they start at (sub, min, max and the chunk
// counts derived from them) instead of taking registers of their own per
// tile: spyre's cores ran out of their 64 at 16 tiles each. (ktc-nest's
// fold-grid, off here, would make the tiles a loop a core runs.)
module {
  func.func @tiles_masked(%x: index, %y: index, %n: index) attributes {grid = [6]} {
    %t = ktdp.get_compute_tile_id : index
    %cb = arith.constant 128 : index
    %base = arith.muli %t, %cb : index
    %X = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
    %tx = ktdp.construct_access_tile %X[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<128xindex>
    %ty = ktdp.construct_access_tile %Y[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<128xindex>
    %a = ktdp.load %tx : !ktdp.access_tile<128xindex> -> tensor<128xf16>
    %r = arith.addf %a, %a : tensor<128xf16>
    ktdp.store %r, %ty : tensor<128xf16>, !ktdp.access_tile<128xindex>
    return
  }
}
