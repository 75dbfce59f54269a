// paged_copy_4x8x128x128.mlir - the corpus's paged KV-cache copy (ktir-cpu
// rfc/paged-tensor-copy.mlir) at 4 batches, 8 heads of 128 f16 and 128
// context positions in pages of 64 (1 MiB, one core): Y[b, t, h, :] =
// X[Idx[b, t floordiv 64], h, t mod 64, :], the table an i32 [4, 2] into 16
// pages. ktc-split moves a page at a time (split.h, "Pages"), one table
// read a batch and page; ktc-nest moves a head's 64 rows of a page (16 KiB)
// in bulk. With its random inputs the table repeats pages, so the
// compulsory traffic reads less than it writes.
#X_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 7 >= 0, d2 >= 0, -d2 + 63 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#Y_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 7 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#X_var = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 7 >= 0, d2 >= 0, -d2 + 127 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#X_ord = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#Y_ord = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
module {
  func.func @paged_copy(%x: index, %idx: index, %y: index) attributes {grid = [1]} {
    %Idx = ktdp.construct_memory_view %idx, sizes: [4, 2], strides: [2, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 1 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4x2xi32>
    %X = ktdp.construct_memory_view %x, sizes: [16, 8, 64, 128], strides: [65536, 8192, 128, 1] {
      coordinate_set = #X_coord_set, memory_space = #ktdp.memory_space<global>} : memref<16x8x64x128xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 128, 8, 128], strides: [131072, 1024, 128, 1] {
      coordinate_set = #Y_coord_set, memory_space = #ktdp.memory_space<global>} : memref<4x128x8x128xf16>
    %tx = ktdp.construct_indirect_access_tile intermediate_variables(%b, %h, %t, %d)
        %X[ind(%Idx[%b, %t floordiv 64]), (%h), (%t mod 64), (%d)] {
      variables_space_set = #X_var, variables_space_order = #X_ord
    } : memref<16x8x64x128xf16>, memref<4x2xi32> -> !ktdp.access_tile<4x8x128x128xindex>
    %c0 = arith.constant 0 : index
    %ty = ktdp.construct_access_tile %Y[%c0, %c0, %c0, %c0] {
      access_tile_set = #Y_coord_set, access_tile_order = #Y_ord
    } : memref<4x128x8x128xf16> -> !ktdp.access_tile<4x8x128x128xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<4x8x128x128xindex> -> tensor<4x8x128x128xf16>
    ktdp.store %v, %ty : tensor<4x8x128x128xf16>, !ktdp.access_tile<4x8x128x128xindex>
    return
  }
}
