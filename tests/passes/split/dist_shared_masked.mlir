// RUN: ktc-split
// PARSE: --device=spyre
// Two partitions of rows 0..3 (at %w) and 4..7 (at %w + 256, after them:
// one matrix), both of n columns, n known at launch: tile t reads rows
// 4t..4t+3 through one view of the matrix whose set bounds the columns
// by n, a masked tile (split.h "Masked tiles").
#p0 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#p1 = affine_set<(d0, d1)[s0] : (d0 - 4 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#box = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#yset = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dist_shared_masked(%w: index, %y: index, %n: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %t = ktdp.get_compute_tile_id : index
  %row = arith.muli %t, %c4 : index
  %c256 = arith.constant 256 : index
  %w4 = arith.addi %w, %c256 : index
  %P0 = ktdp.construct_memory_view %w, sizes: [4, %n], strides: [64, 1] {
    coordinate_set = #p0, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
  %P1 = ktdp.construct_memory_view %w4, sizes: [4, %n], strides: [64, 1] {
    coordinate_set = #p1, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
  %D = ktdp.construct_distributed_memory_view (%P0, %P1 : memref<4x?xf16>, memref<4x?xf16>) : memref<8x?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [8, %n], strides: [64, 1] {
    coordinate_set = #yset, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
  %td = ktdp.construct_access_tile %D[%row, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<4x64xindex>
  %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %td : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %v2 = arith.addf %v, %v : tensor<4x64xf16>
  ktdp.store %v2, %ty : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
