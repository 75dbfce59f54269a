// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower
// PARSE: --device=spyre
// DEVICES: spyre sample
// paged_copy_p16.mlir - a paged KV copy in pages of 16 positions (vLLM's
// block size): 1 batch, 8 heads of 128 f16, 32 positions (2 pages), 16
// pages in the cache. Each point of ktc-nest's tiles is a head's page, 16
// rows of two 64-lane vectors: its load stage a loop over the rows around
// a loop over a row's vectors. ktc-lower emits both whole, the inner in
// each copy of the outer, since they stream two load groups at least (32
// loads): each L1LU loads 8 vectors before their sends, not a row's 2
// (lower.h; spyre 1498 -> 1257 cycles).
#X_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 7 >= 0, d2 >= 0, -d2 + 15 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#Y_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 31 >= 0, d2 >= 0, -d2 + 7 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#X_var = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 7 >= 0, d2 >= 0, -d2 + 31 >= 0, d3 >= 0, -d3 + 127 >= 0)>
#X_ord = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#Y_ord = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
module {
  func.func @paged_copy_p16(%x: index, %idx: index, %y: index) attributes {grid = [1]} {
    %Idx = ktdp.construct_memory_view %idx, sizes: [1, 2], strides: [2, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 1 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<1x2xi32>
    %X = ktdp.construct_memory_view %x, sizes: [16, 8, 16, 128], strides: [16384, 2048, 128, 1] {
      coordinate_set = #X_coord_set, memory_space = #ktdp.memory_space<global>} : memref<16x8x16x128xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1, 32, 8, 128], strides: [32768, 1024, 128, 1] {
      coordinate_set = #Y_coord_set, memory_space = #ktdp.memory_space<global>} : memref<1x32x8x128xf16>
    %tx = ktdp.construct_indirect_access_tile intermediate_variables(%b, %h, %t, %d)
        %X[ind(%Idx[%b, %t floordiv 16]), (%h), (%t mod 16), (%d)] {
      variables_space_set = #X_var, variables_space_order = #X_ord
    } : memref<16x8x16x128xf16>, memref<1x2xi32> -> !ktdp.access_tile<1x8x32x128xindex>
    %c0 = arith.constant 0 : index
    %ty = ktdp.construct_access_tile %Y[%c0, %c0, %c0, %c0] {
      access_tile_set = #Y_coord_set, access_tile_order = #Y_ord
    } : memref<1x32x8x128xf16> -> !ktdp.access_tile<1x8x32x128xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x8x32x128xindex> -> tensor<1x8x32x128xf16>
    ktdp.store %v, %ty : tensor<1x8x32x128xf16>, !ktdp.access_tile<1x8x32x128xindex>
    return
  }
}
