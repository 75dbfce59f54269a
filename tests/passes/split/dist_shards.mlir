// RUN: ktc-split
// PARSE: --device=spyre
// A matrix W [8, 256] column-sharded into four partitions [8, 64] (one
// matrix: partition i at %w + 64 i, strides [256, 1]); tile t reads its
// shard at [0, 64 t]. Every tile's box lies in partition t, whose view reads
// global coordinates at %w + 64 t - 64 t = %w: the access tile moves onto one
// plain view of the whole matrix at %w, at its own subscripts.
#p0 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#p1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 - 64 >= 0, -d1 + 127 >= 0)>
#p2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 - 128 >= 0, -d1 + 191 >= 0)>
#p3 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 - 192 >= 0, -d1 + 255 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dist_shards(%w: index, %y: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c192 = arith.constant 192 : index
  %t = ktdp.get_compute_tile_id : index
  %col = arith.muli %t, %c64 : index
  %w1 = arith.addi %w, %c64 : index
  %w2 = arith.addi %w, %c128 : index
  %w3 = arith.addi %w, %c192 : index
  %P0 = ktdp.construct_memory_view %w, sizes: [8, 64], strides: [256, 1] {
    coordinate_set = #p0, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %P1 = ktdp.construct_memory_view %w1, sizes: [8, 64], strides: [256, 1] {
    coordinate_set = #p1, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %P2 = ktdp.construct_memory_view %w2, sizes: [8, 64], strides: [256, 1] {
    coordinate_set = #p2, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %P3 = ktdp.construct_memory_view %w3, sizes: [8, 64], strides: [256, 1] {
    coordinate_set = #p3, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %W = ktdp.construct_distributed_memory_view (%P0, %P1, %P2, %P3 : memref<8x64xf16>, memref<8x64xf16>, memref<8x64xf16>, memref<8x64xf16>) : memref<8x256xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 256], strides: [256, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
  %tw = ktdp.construct_access_tile %W[%c0, %col] {access_tile_set = #p0, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<8x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %col] {access_tile_set = #p0, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<8x64xindex>
  %v = ktdp.load %tw : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
  %r = math.exp %v : tensor<8x64xf16>
  ktdp.store %r, %ty : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
  return
}
