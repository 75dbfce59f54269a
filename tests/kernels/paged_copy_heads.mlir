// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower
// PARSE: --device=spyre
// DEVICES: spyre sample
// paged_copy_heads.mlir - paged_copy.mlir with heads of 128 f16 (2
// batches, 2 heads, 128 positions in pages of 64, 16 pages in the cache):
// a page's row is two 64-lane vectors, so each point of ktc-nest's tiles (a
// head's 64 rows of a page, 32 a corelet) loads a row in a loop of two
// loads. ktc-lower emits that loop whole and counts its two loads in the
// loop over the rows, which it unrolls by 4 since it still repeats: each
// L1LU loads 8 vectors before their sends (lower.h), not 2; ktc-nest's
// cost model prices those groups (nest_tile.c, load_groups) and gives the
// tiles 3 phases, not 2 (spyre: 2850 cycles before, 2071).
#X_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 63 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#Y_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 1 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#X_var = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#X_ord = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#Y_ord = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
module {
  func.func @paged_copy_heads(%x: index, %idx: index, %y: index) attributes {grid = [1]} {
    %Idx = ktdp.construct_memory_view %idx, sizes: [2, 2], strides: [2, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<2x2xi32>
    %X = ktdp.construct_memory_view %x, sizes: [16, 2, 64, 128], strides: [16384, 8192, 128, 1] {
      coordinate_set = #X_coord_set, memory_space = #ktdp.memory_space<global>} : memref<16x2x64x128xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 128, 2, 128], strides: [32768, 256, 128, 1] {
      coordinate_set = #Y_coord_set, memory_space = #ktdp.memory_space<global>} : memref<2x128x2x128xf16>
    %tx = ktdp.construct_indirect_access_tile intermediate_variables(%b, %h, %t, %d)
        %X[ind(%Idx[%b, %t floordiv 64]), (%h), (%t mod 64), (%d)] {
      variables_space_set = #X_var, variables_space_order = #X_ord
    } : memref<16x2x64x128xf16>, memref<2x2xi32> -> !ktdp.access_tile<2x2x128x128xindex>
    %c0 = arith.constant 0 : index
    %ty = ktdp.construct_access_tile %Y[%c0, %c0, %c0, %c0] {
      access_tile_set = #Y_coord_set, access_tile_order = #Y_ord
    } : memref<2x128x2x128xf16> -> !ktdp.access_tile<2x2x128x128xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<2x2x128x128xindex> -> tensor<2x2x128x128xf16>
    ktdp.store %v, %ty : tensor<2x2x128x128xf16>, !ktdp.access_tile<2x2x128x128xindex>
    return
  }
}
