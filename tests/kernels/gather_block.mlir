// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower
// PARSE: --device=sample
// LAUNCH: --arg start=1
// LAUNCH: --arg start=2
// gather_block.mlir - a block gather with an i32 index, a captured start
// and a block of several rows: out[g, :, :] = x[idx[g], start + 0..1, :] * 2
// over a grid of 4 tiles (the paged-attention shape with one page per tile:
// an i32 block table entry selects a page of x). Each tile's DMA load unit
// reads its index once (lowered: a memref.load of the index view in its
// program, before the loops that move the block).
module {
  func.func @gather_block(%x: index, %idx: index, %out: index, %start: index) attributes {grid = [4]} {
    %g = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [16, 4, 64], strides: [256, 64, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<16x4x64xf16>
    %I = ktdp.construct_memory_view %idx, sizes: [4], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4xi32>
    %O = ktdp.construct_memory_view %out, sizes: [4, 2, 64], strides: [128, 64, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4x2x64xf16>
    %tx = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1, %d2)
        %X[ind(%I[%g]), (%start + %d1), (%d2)] {
      variables_space_set = affine_set<(d0, d1, d2) : (d0 == 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      variables_space_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    } : memref<16x4x64xf16>, memref<4xi32> -> !ktdp.access_tile<1x2x64xindex>
    %to = ktdp.construct_access_tile %O[%g, %c0, %c0] {
      access_tile_set = affine_set<(d0, d1, d2) : (d0 == 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>} : memref<4x2x64xf16> -> !ktdp.access_tile<1x2x64xindex>
    %a = ktdp.load %tx : !ktdp.access_tile<1x2x64xindex> -> tensor<1x2x64xf16>
    %s = arith.addf %a, %a : tensor<1x2x64xf16>
    ktdp.store %s, %to : tensor<1x2x64xf16>, !ktdp.access_tile<1x2x64xindex>
    return
  }
}
