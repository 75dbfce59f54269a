// RUN: ktc-split
// PARSE: --device=sample
// LAUNCH: --arg bt_start=0
// LAUNCH: --arg bt_start=3
// gather_pages.mlir - paged blocks, as paged attention reads its K cache:
// tile g reads 4 pages of 16 tokens x 64 f16 each, page p of it at cache
// page bt[g, bt_start + p] (an i32 block table), and writes them scaled by
// 2 to out[g] (64 tokens). Each lookup selects a whole page; ktc-split
// moves each page row from a cast of the cache at its offset plus the
// block table entry read for it (memref.load in the tile loops), and the
// DMA unit reads each entry once per page (ld, hoisted by ktc-lower).
module {
  func.func @gather_pages(%cache: index, %bt: index, %out: index, %bt_start: index) attributes {grid = [2]} {
    %g = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %C = ktdp.construct_memory_view %cache, sizes: [16, 16, 64], strides: [1024, 64, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<16x16x64xf16>
    %B = ktdp.construct_memory_view %bt, sizes: [2, 8], strides: [8, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 7 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<2x8xi32>
    %O = ktdp.construct_memory_view %out, sizes: [2, 4, 16, 64], strides: [4096, 1024, 64, 1] {
      coordinate_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 15 >= 0, d3 >= 0, -d3 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<2x4x16x64xf16>
    %tk = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1, %d2)
        %C[ind(%B[%g, %bt_start + %d0]), (%d1), (%d2)] {
      variables_space_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      variables_space_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    } : memref<16x16x64xf16>, memref<2x8xi32> -> !ktdp.access_tile<4x16x64xindex>
    %to = ktdp.construct_access_tile %O[%g, %c0, %c0, %c0] {
      access_tile_set = affine_set<(d0, d1, d2, d3) : (d0 == 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 15 >= 0, d3 >= 0, -d3 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>} : memref<2x4x16x64xf16> -> !ktdp.access_tile<1x4x16x64xindex>
    %k = ktdp.load %tk : !ktdp.access_tile<4x16x64xindex> -> tensor<4x16x64xf16>
    %s = arith.addf %k, %k : tensor<4x16x64xf16>
    %e = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [1, 4, 16, 64] : tensor<4x16x64xf16> into tensor<1x4x16x64xf16>
    ktdp.store %e, %to : tensor<1x4x16x64xf16>, !ktdp.access_tile<1x4x16x64xindex>
    return
  }
}
