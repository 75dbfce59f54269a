// RUN: ktc-split
// PARSE: --device=sample
// err_indirect_written.mlir - a block gather whose result is stored over
// the index tensor itself (a second view of %idx): the index is read once
// and kept, so a kernel that writes its index tensor is refused, located
// at the indirect tile.
func.func @gather_over_index(%x: index, %idx: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %I = ktdp.construct_memory_view %idx, sizes: [1], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 == 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<1xi64>
  %O = ktdp.construct_memory_view %idx, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %tx = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1)
      %X[ind(%I[%d0]), (%d1)] {
    variables_space_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>,
    variables_space_order = affine_map<(d0, d1) -> (d0, d1)>
  } : memref<8x64xf16>, memref<1xi64> -> !ktdp.access_tile<1x64xindex>
  %to = ktdp.construct_access_tile %O[%c0, %c0] {
    access_tile_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  ktdp.store %a, %to : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
