// RUN: ktc-split
// PARSE: --device=spyre
// paged_copy.mlir - the corpus's paged KV-cache copy (ktir-cpu
// rfc/paged-tensor-copy.mlir) at a size that fits a core's scratchpad:
// Y[b, t, h, :] = X[Idx[b, t floordiv 64], h, t mod 64, :] for 2 batches, 2
// heads and 256 context positions in pages of 64 (an i32 page table of 2x4
// entries into 16 pages). The context position both picks the page (through
// the index) and is the row in it (`t mod 64`, a direct subscript of the
// variable the index reads); the store's access_tile_order (d0, d2, d1,
// d3) transposes heads and positions (a cast of Y with the strides
// permuted). The 64 positions of a page share its table entry and are 64
// rows of it: ktc-split moves them from one cast a page (split_indirect.c's
// pages), the page loop outside the heads' (its entry read once for both),
// and ktc-nest moves a page's rows in bulk: spyre 2253 cycles, where a
// pipeline a row, each waiting for its entry's read, took 321725.
#X_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 63 >= 0, d3 >= 0, -d3 + 63 >= 0)>
#Y_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0, d2 >= 0, -d2 + 1 >= 0, d3 >= 0, -d3 + 63 >= 0)>
#X_var = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 255 >= 0, d3 >= 0, -d3 + 63 >= 0)>
#Y_var = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0, d2 >= 0, -d2 + 1 >= 0, d3 >= 0, -d3 + 63 >= 0)>
#X_ord = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#Y_ord = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
module {
  func.func @paged_copy(%x: index, %idx: index, %y: index) attributes {grid = [1]} {
    %Idx = ktdp.construct_memory_view %idx, sizes: [2, 4], strides: [4, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 3 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<2x4xi32>
    %X = ktdp.construct_memory_view %x, sizes: [16, 2, 64, 64], strides: [8192, 4096, 64, 1] {
      coordinate_set = #X_coord_set, memory_space = #ktdp.memory_space<global>} : memref<16x2x64x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 256, 2, 64], strides: [32768, 128, 64, 1] {
      coordinate_set = #Y_coord_set, memory_space = #ktdp.memory_space<global>} : memref<2x256x2x64xf16>
    %tx = ktdp.construct_indirect_access_tile intermediate_variables(%b, %h, %t, %d)
        %X[ind(%Idx[%b, %t floordiv 64]), (%h), (%t mod 64), (%d)] {
      variables_space_set = #X_var, variables_space_order = #X_ord
    } : memref<16x2x64x64xf16>, memref<2x4xi32> -> !ktdp.access_tile<2x2x256x64xindex>
    %c0 = arith.constant 0 : index
    %ty = ktdp.construct_access_tile %Y[%c0, %c0, %c0, %c0] {
      access_tile_set = #Y_var, access_tile_order = #Y_ord
    } : memref<2x256x2x64xf16> -> !ktdp.access_tile<2x2x256x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<2x2x256x64xindex> -> tensor<2x2x256x64xf16>
    ktdp.store %v, %ty : tensor<2x2x256x64xf16>, !ktdp.access_tile<2x2x256x64xindex>
    return
  }
}
