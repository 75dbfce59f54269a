// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower
// PARSE: --device=sample
// scatter_row.mlir - a block scatter, out[idx[0], :] = x * 2 (one i64 index
// selects the row written): the block form, a direct tile of out moved by
// the index; the index view is staged into the scratchpad (the store unit
// reads it there, after the DMA load unit signals the copy done).
func.func @scatter_row(%x: index, %idx: index, %out: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 128], strides: [128, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<1x128xf16>
  %I = ktdp.construct_memory_view %idx, sizes: [1], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 == 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<1xi64>
  %O = ktdp.construct_memory_view %out, sizes: [16, 128], strides: [128, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<16x128xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {
    access_tile_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x128xf16> -> !ktdp.access_tile<1x128xindex>
  %to = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1)
      %O[ind(%I[%d0]), (%d1)] {
    variables_space_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>,
    variables_space_order = affine_map<(d0, d1) -> (d0, d1)>
  } : memref<16x128xf16>, memref<1xi64> -> !ktdp.access_tile<1x128xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
  %s = arith.addf %a, %a : tensor<1x128xf16>
  ktdp.store %s, %to : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
  return
}
