// RUN: ktc-split
// PARSE: --device=sample
// err_indirect_unaligned.mlir - a block gather of rows of 100 f16 (200
// bytes): a row picked by the index may start inside a 64-byte word of the
// sample device's DMA units, so the units that pick the elements out of
// the words would need the index too: refused, located at the indirect tile.
func.func @gather_odd(%x: index, %idx: index, %out: index) attributes {grid = [2]} {
  %g = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [8, 100], strides: [100, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 99 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<8x100xf16>
  %I = ktdp.construct_memory_view %idx, sizes: [2], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<2xi64>
  %O = ktdp.construct_memory_view %out, sizes: [2, 100], strides: [100, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 99 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<2x100xf16>
  %tx = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1)
      %X[ind(%I[%g]), (%d1)] {
    variables_space_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 99 >= 0)>,
    variables_space_order = affine_map<(d0, d1) -> (d0, d1)>
  } : memref<8x100xf16>, memref<2xi64> -> !ktdp.access_tile<1x100xindex>
  %to = ktdp.construct_access_tile %O[%g, %c0] {
    access_tile_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 99 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2x100xf16> -> !ktdp.access_tile<1x100xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<1x100xindex> -> tensor<1x100xf16>
  ktdp.store %a, %to : tensor<1x100xf16>, !ktdp.access_tile<1x100xindex>
  return
}
