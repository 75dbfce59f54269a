// RUN: ktc-split
// PARSE: --device=spyre
// Rows 2..5 of a view whose partitions hold rows 0..3 (in device memory)
// and 4..7 (in core 1's scratchpad, as the corpus' distributed-view-copy),
// read on both tiles of the grid: the copy is sliced into one per
// partition, the second part moved over the ring from core 1 (a transfer
// with source_tiles = [1, 1]; the scratchpad view read where it is).
#p0 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#p1 = affine_set<(d0, d1) : (d0 - 4 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#box = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dist_straddle_scratch(%w: index, %y: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %t = ktdp.get_compute_tile_id : index
  %row = arith.muli %t, %c4 : index
  %P0 = ktdp.construct_memory_view %w, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #p0, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %P1 = ktdp.construct_memory_view %c0, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #p1, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>} : memref<4x64xf16>
  %D = ktdp.construct_distributed_memory_view (%P0, %P1 : memref<4x64xf16>, memref<4x64xf16>) : memref<8x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = #out, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<4x64xindex>
  %td = ktdp.construct_access_tile %D[%c2, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %td : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  ktdp.store %v, %ty : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
