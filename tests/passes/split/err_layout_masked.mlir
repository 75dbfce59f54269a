// RUN: ktc-split
// PARSE: --device=spyre
// A 64x64 tile of a column-major view (strides [1, 64]) whose set stops at
// column 59: moved in storage order (split_layouts), the tile would need a
// mask along a dim it swapped; refused at the tile.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @err_layout_masked(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [64, 64], strides: [1, 64] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 59 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [64, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
  %b = arith.negf %a : tensor<64x64xf16>
  ktdp.store %b, %ty : tensor<64x64xf16>, !ktdp.access_tile<64x64xindex>
  return
}
