// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre sample
// paged_copy_tail.mlir - paged_copy.mlir over 160 context positions: two
// pages of 64 and 32 positions of a third. ktc-split still moves them a
// page at a time (split.h, "Pages"), the last page's rows up to position
// 160: min(64, 160 - page * 64) of them (spyre: 1545 cycles, 201138 with a
// cast and a table read a row).
#X_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 63 >= 0, d3 >= 0, -d3 + 63 >= 0)>
#Y_coord_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 159 >= 0, d2 >= 0, -d2 + 1 >= 0, d3 >= 0, -d3 + 63 >= 0)>
#X_var = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 159 >= 0, d3 >= 0, -d3 + 63 >= 0)>
#Y_var = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 159 >= 0, d2 >= 0, -d2 + 1 >= 0, d3 >= 0, -d3 + 63 >= 0)>
#X_ord = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#Y_ord = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
module {
  func.func @paged_copy_tail(%x: index, %idx: index, %y: index) attributes {grid = [1]} {
    %Idx = ktdp.construct_memory_view %idx, sizes: [2, 3], strides: [3, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<2x3xi32>
    %X = ktdp.construct_memory_view %x, sizes: [16, 2, 64, 64], strides: [8192, 4096, 64, 1] {
      coordinate_set = #X_coord_set, memory_space = #ktdp.memory_space<global>} : memref<16x2x64x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 160, 2, 64], strides: [20480, 128, 64, 1] {
      coordinate_set = #Y_coord_set, memory_space = #ktdp.memory_space<global>} : memref<2x160x2x64xf16>
    %tx = ktdp.construct_indirect_access_tile intermediate_variables(%b, %h, %t, %d)
        %X[ind(%Idx[%b, %t floordiv 64]), (%h), (%t mod 64), (%d)] {
      variables_space_set = #X_var, variables_space_order = #X_ord
    } : memref<16x2x64x64xf16>, memref<2x3xi32> -> !ktdp.access_tile<2x2x160x64xindex>
    %c0 = arith.constant 0 : index
    %ty = ktdp.construct_access_tile %Y[%c0, %c0, %c0, %c0] {
      access_tile_set = #Y_var, access_tile_order = #Y_ord
    } : memref<2x160x2x64xf16> -> !ktdp.access_tile<2x2x160x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<2x2x160x64xindex> -> tensor<2x2x160x64xf16>
    ktdp.store %v, %ty : tensor<2x2x160x64xf16>, !ktdp.access_tile<2x2x160x64xindex>
    return
  }
}
