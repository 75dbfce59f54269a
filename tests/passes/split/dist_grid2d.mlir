// RUN: ktc-split
// PARSE: --device=spyre
// A 2-D grid: a one-result tile id is the coordinate along dimension 0
// (tile t: t mod 2), so tiles 0 and 2 read partition #0, tiles 1 and 3
// partition #1, parts of one matrix: the view is the matrix (no tile id).
#p0 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#p1 = affine_set<(d0, d1) : (d0 - 4 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#box = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dist_grid2d(%w: index, %y: index) attributes {grid = [2, 2]} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %t = ktdp.get_compute_tile_id : index
  %row = arith.muli %t, %c4 : index
  %c256 = arith.constant 256 : index
  %w4 = arith.addi %w, %c256 : index
  %P0 = ktdp.construct_memory_view %w, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #p0, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %P1 = ktdp.construct_memory_view %w4, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #p1, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %D = ktdp.construct_distributed_memory_view (%P0, %P1 : memref<4x64xf16>, memref<4x64xf16>) : memref<8x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #box, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %td = ktdp.construct_access_tile %D[%row, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %td : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  ktdp.store %v, %ty : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
