// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre sample
// paged_copy_grid.mlir - a paged KV copy over a grid of 4, a batch a tile:
// Y[b, t, h, :] = X[Idx[b, t floordiv 64], h, t mod 64, :] for 4 heads of
// 128 f16 and 200 context positions (3 pages of 64 and 8 positions of a
// fourth), b the tile id, a value the index captures (the tile's variable
// of dim 0 has one value). ktc-split moves a page at a time (split.h,
// "Pages"), its last page's 8 rows alone: spyre 8385 cycles (roofline
// 8201), where a pipeline a row, each waiting for its table read, took
// 125155.
#X_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 63 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#Y_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 199 >= 0, d2 >= 0, -d2 + 3 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#X_var = affine_set<(d0, d1, d2, d3) : (d0 == 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 199 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#Y_tile = affine_set<(d0, d1, d2, d3) : (d0 == 0, d1 >= 0, -d1 + 199 >= 0, d2 >= 0, -d2 + 3 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#X_ord = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#Y_ord = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
module {
  func.func @paged_grid(%x: index, %idx: index, %y: index) attributes {grid = [4]} {
    %b = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %Idx = ktdp.construct_memory_view %idx, sizes: [4, 4], strides: [4, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4x4xi32>
    %X = ktdp.construct_memory_view %x, sizes: [16, 4, 64, 128], strides: [32768, 8192, 128, 1] {
      coordinate_set = #X_coord_set, memory_space = #ktdp.memory_space<global>} : memref<16x4x64x128xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 200, 4, 128], strides: [102400, 512, 128, 1] {
      coordinate_set = #Y_coord_set, memory_space = #ktdp.memory_space<global>} : memref<4x200x4x128xf16>
    %tx = ktdp.construct_indirect_access_tile intermediate_variables(%z, %h, %t, %d)
        %X[ind(%Idx[%b, %t floordiv 64]), (%h), (%t mod 64), (%d)] {
      variables_space_set = #X_var, variables_space_order = #X_ord
    } : memref<16x4x64x128xf16>, memref<4x4xi32> -> !ktdp.access_tile<1x4x200x128xindex>
    %ty = ktdp.construct_access_tile %Y[%b, %c0, %c0, %c0] {
      access_tile_set = #Y_tile, access_tile_order = #Y_ord
    } : memref<4x200x4x128xf16> -> !ktdp.access_tile<1x4x200x128xindex>
    %e = ktdp.load %tx : !ktdp.access_tile<1x4x200x128xindex> -> tensor<1x4x200x128xf16>
    ktdp.store %e, %ty : tensor<1x4x200x128xf16>, !ktdp.access_tile<1x4x200x128xindex>
    return
  }
}
