// RUN: ktc-split
// PARSE: --device=sample
// gather_rows.mlir - a block gather, out[g, :] = x[idx[g], :] + y[g, :] over
// a grid of 4 tiles: one i64 index per tile selects a whole row of x (the
// indexed_add form). ktc-split reads the index (memref.load, index_cast)
// and moves a direct tile of x by it; launched, the DMA unit reads it (ld).
module {
  func.func @gather_rows(%x: index, %idx: index, %y: index, %out: index) attributes {grid = [4]} {
    %g = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [16, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<16x256xf16>
    %I = ktdp.construct_memory_view %idx, sizes: [4], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4xi64>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4x256xf16>
    %O = ktdp.construct_memory_view %out, sizes: [4, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4x256xf16>
    %tx = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1)
        %X[ind(%I[%g + %d0]), (%d1)] {
      variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      variables_space_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<16x256xf16>, memref<4xi64> -> !ktdp.access_tile<1x256xindex>
    %ty = ktdp.construct_access_tile %Y[%g, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x256xf16> -> !ktdp.access_tile<1x256xindex>
    %to = ktdp.construct_access_tile %O[%g, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x256xf16> -> !ktdp.access_tile<1x256xindex>
    %a = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
    %b = ktdp.load %ty : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
    %s = arith.addf %a, %b : tensor<1x256xf16>
    ktdp.store %s, %to : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    return
  }
}
