// RUN: ktc-split
// PARSE: --device=sample
// scatter_pages.mlir - a paged block scatter, as a KV-cache write: page p of
// x (16 tokens x 64 f16), scaled by 2, goes to cache page bt[p], for 4
// pages. The DMA store unit reads the block table entry of each page (ld)
// before the DMAs that write the page there; it reads only the scratchpad,
// so ktc-split stages the block table there first (one bulk DMA of its
// words, a one-stage pipeline before the loops: %index_buf) and the reads
// read the copy. Entries that repeat write in page order, the last one
// wins, as in ktc-interp.
module {
  func.func @scatter_pages(%x: index, %bt: index, %cache: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 16, 64], strides: [1024, 64, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4x16x64xf16>
    %B = ktdp.construct_memory_view %bt, sizes: [4], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4xi32>
    %C = ktdp.construct_memory_view %cache, sizes: [16, 16, 64], strides: [1024, 64, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<16x16x64xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0, %c0] {
      access_tile_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>} : memref<4x16x64xf16> -> !ktdp.access_tile<4x16x64xindex>
    %tc = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1, %d2)
        %C[ind(%B[%d0]), (%d1), (%d2)] {
      variables_space_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      variables_space_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    } : memref<16x16x64xf16>, memref<4xi32> -> !ktdp.access_tile<4x16x64xindex>
    %a = ktdp.load %tx : !ktdp.access_tile<4x16x64xindex> -> tensor<4x16x64xf16>
    %s = arith.addf %a, %a : tensor<4x16x64xf16>
    ktdp.store %s, %tc : tensor<4x16x64xf16>, !ktdp.access_tile<4x16x64xindex>
    return
  }
}
