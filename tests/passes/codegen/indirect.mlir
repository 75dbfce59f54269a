// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower | ktc-codegen --emit=text --print-locs --ktir=indirect.mlir
// PARSE: --device=spyre
// PRINT: none
// indirect.mlir - the whole chain on a gather and a scatter by one index
// each: out[j[0], :] = x[i[0], :] * 2 on one tile. The DMA load unit reads
// i[0] from device memory (ld.i64 from DDR, located at the gather's tile)
// and moves row i[0] of x; the index j is staged in the scratchpad (a DMA
// of its word, signalled to the store unit), whose ld.i64 from L1 (at the
// scatter's tile) places the row it writes.
module {
  func.func @move_row(%x: index, %i: index, %j: index, %out: index) attributes {grid = [1]} {
    %X = ktdp.construct_memory_view %x, sizes: [16, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
    %I = ktdp.construct_memory_view %i, sizes: [1], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 == 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<1xi64>
    %J = ktdp.construct_memory_view %j, sizes: [1], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 == 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<1xi64>
    %O = ktdp.construct_memory_view %out, sizes: [16, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
    %tx = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1)
        %X[ind(%I[%d0]), (%d1)] {
      variables_space_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>,
      variables_space_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<16x64xf16>, memref<1xi64> -> !ktdp.access_tile<1x64xindex>
    %to = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1)
        %O[ind(%J[%d0]), (%d1)] {
      variables_space_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>,
      variables_space_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<16x64xf16>, memref<1xi64> -> !ktdp.access_tile<1x64xindex>
    %a = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %s = arith.addf %a, %a : tensor<1x64xf16>
    ktdp.store %s, %to : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
