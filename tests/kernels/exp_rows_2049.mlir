// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// exp_rows_2049.mlir - exp over 2 rows of 2049 f16, a row per core. Row 1
// starts at element 2049, inside a 128-byte word; ktc-split runs each row
// as 4 blocks of 512 and a last element, and ktc-path-expand widens every
// block to the words around it (path_expand/rows_misaligned_blocks.mlir).
// Not on the sample device: it has no masked writes, and the two cores'
// rows share a word, so neither may read-modify-write it (ktc-codegen
// refuses, located).
module {
  func.func @exp_rows_2049(%out: index, %in: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %in, sizes: [2, 2049], strides: [2049, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2048 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x2049xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [2, 2049], strides: [2049, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2048 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x2049xf16>
    %tx = ktdp.construct_access_tile %X[%tile, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2048 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x2049xf16> -> !ktdp.access_tile<1x2049xindex>
    %x = ktdp.load %tx : !ktdp.access_tile<1x2049xindex> -> tensor<1x2049xf16>
    %y = math.exp %x : tensor<1x2049xf16>
    %ty = ktdp.construct_access_tile %Y[%tile, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2048 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x2049xf16> -> !ktdp.access_tile<1x2049xindex>
    ktdp.store %y, %ty : tensor<1x2049xf16>, !ktdp.access_tile<1x2049xindex>
    return
  }
}
