// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre sample
// paged_write.mlir - the corpus's paged KV-cache write (ktir-cpu
// rfc/paged-tensor-write.mlir) at a size that fits a core's scratchpad:
// Y[Idx[b, t floordiv 64], h, t mod 64, :] = X[b, t, h, :] for 2 batches,
// 2 heads and 256 context positions in pages of 64 (an i32 page table of
// 2x4 entries into 16 pages). X is read through the order (d0, d2, d1,
// d3), heads before positions. The 64 positions of a page share its table
// entry and are 64 rows of it: ktc-split moves them from one cast a page
// (split_indirect.c's pages), the page's loop at its place (b, h, page,
// row: a scatter's writes keep their order, two entries of the table may
// name one page), and ktc-nest moves each page's rows in bulk.
#X_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0, d2 >= 0, -d2 + 1 >= 0, d3 >= 0, -d3 + 63 >= 0)>
#Y_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 63 >= 0, d3 >= 0, -d3 + 63 >= 0)>
#var = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 255 >= 0, d3 >= 0, -d3 + 63 >= 0)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#heads_first = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
module {
  func.func @paged_write(%x: index, %idx: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %Idx = ktdp.construct_memory_view %idx, sizes: [2, 4], strides: [4, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 3 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<2x4xi32>
    %X = ktdp.construct_memory_view %x, sizes: [2, 256, 2, 64], strides: [32768, 128, 64, 1] {
      coordinate_set = #X_set, memory_space = #ktdp.memory_space<global>} : memref<2x256x2x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [16, 2, 64, 64], strides: [8192, 4096, 64, 1] {
      coordinate_set = #Y_set, memory_space = #ktdp.memory_space<global>} : memref<16x2x64x64xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0, %c0, %c0] {
      access_tile_set = #X_set, access_tile_order = #heads_first
    } : memref<2x256x2x64xf16> -> !ktdp.access_tile<2x2x256x64xindex>
    %ty = ktdp.construct_indirect_access_tile intermediate_variables(%b, %h, %t, %d)
        %Y[ind(%Idx[%b, %t floordiv 64]), (%h), (%t mod 64), (%d)] {
      variables_space_set = #var, variables_space_order = #id
    } : memref<16x2x64x64xf16>, memref<2x4xi32> -> !ktdp.access_tile<2x2x256x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<2x2x256x64xindex> -> tensor<2x2x256x64xf16>
    ktdp.store %v, %ty : tensor<2x2x256x64xf16>, !ktdp.access_tile<2x2x256x64xindex>
    return
  }
}
