// RUN: ktc-split
// PARSE: --device=spyre
// A [2, 2] grid with a two-result tile id (%r, %h): the two column shards
// of a 4x128 matrix are stored as separate 4x64 blocks (partition #1 at
// w + 256, strides [64, 1]), so tile (r, h) reads its shard at E = w + 192 h:
// the view's offset uses the tile id's second result (the coordinate along
// grid dimension 1; linear tile id r + 2 h).
#p0 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#p1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 - 64 >= 0, -d1 + 127 >= 0)>
#box = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#yset = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dist_grid2d_mt(%w: index, %y: index) attributes {grid = [2, 2]} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %r, %h = ktdp.get_compute_tile_id : index, index
  %row = arith.muli %r, %c4 : index
  %col = arith.muli %h, %c64 : index
  %w1 = arith.addi %w, %c256 : index
  %P0 = ktdp.construct_memory_view %w, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #p0, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %P1 = ktdp.construct_memory_view %w1, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #p1, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %D = ktdp.construct_distributed_memory_view (%P0, %P1 : memref<4x64xf16>, memref<4x64xf16>) : memref<4x128xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 128], strides: [128, 1] {
    coordinate_set = #yset, memory_space = #ktdp.memory_space<global>} : memref<8x128xf16>
  %td = ktdp.construct_access_tile %D[%c0, %col] {access_tile_set = #box, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<4x64xindex>
  %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #box, access_tile_order = #id} : memref<8x128xf16> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %td : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %v2 = arith.addf %v, %v : tensor<4x64xf16>
  ktdp.store %v2, %ty : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
