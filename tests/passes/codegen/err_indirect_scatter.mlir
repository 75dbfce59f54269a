// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower | ktc-codegen --emit=text
// PARSE: --device=sample
// PRINT: none
// err_indirect_scatter.mlir - a block scatter, out[idx[g], :] = x[g, :]: the
// DMA store unit that writes the row must read its index (ld), and the
// sample device's MNISU reads only the scratchpad (no datapath DDR ->
// MNISU, no load feature): refused, located at the indirect tile
// (tests/kernels/scatter_pages.mlir runs on a device whose store unit can).
func.func @scatter_row(%x: index, %idx: index, %out: index) attributes {grid = [2]} {
  %g = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %I = ktdp.construct_memory_view %idx, sizes: [2], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<2xi64>
  %O = ktdp.construct_memory_view %out, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %tx = ktdp.construct_access_tile %X[%g, %c0] {
    access_tile_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2x64xf16> -> !ktdp.access_tile<1x64xindex>
  %to = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1)
      %O[ind(%I[%g]), (%d1)] {
    variables_space_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>,
    variables_space_order = affine_map<(d0, d1) -> (d0, d1)>
  } : memref<8x64xf16>, memref<2xi64> -> !ktdp.access_tile<1x64xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  ktdp.store %a, %to : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
