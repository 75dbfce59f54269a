// RUN: ktc-split
// PARSE: --device=spyre
// Row shards of a global [32, 64] matrix kept apart in one buffer: partition
// i (rows 8i..8i+7) at %w + 1024 i, strides [64, 1] (512 elements used of
// every 1024). Tile t reads rows [8t, 0]: partition t, whose view reads
// global coordinates at %w + 1024 t - 8t * 64 = %w + 512 t, affine in the
// tile id: the access tile moves onto a view at %w + 512 * tile_id.
#p0 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#p1 = affine_set<(d0, d1) : (d0 - 8 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#p2 = affine_set<(d0, d1) : (d0 - 16 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#p3 = affine_set<(d0, d1) : (d0 - 24 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dist_padded(%w: index, %y: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c3072 = arith.constant 3072 : index
  %t = ktdp.get_compute_tile_id : index
  %row = arith.muli %t, %c8 : index
  %w1 = arith.addi %w, %c1024 : index
  %w2 = arith.addi %w, %c2048 : index
  %w3 = arith.addi %w, %c3072 : index
  %P0 = ktdp.construct_memory_view %w, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = #p0, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %P1 = ktdp.construct_memory_view %w1, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = #p1, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %P2 = ktdp.construct_memory_view %w2, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = #p2, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %P3 = ktdp.construct_memory_view %w3, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = #p3, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %W = ktdp.construct_distributed_memory_view (%P0, %P1, %P2, %P3 : memref<8x64xf16>, memref<8x64xf16>, memref<8x64xf16>, memref<8x64xf16>) : memref<32x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [32, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<32x64xf16>
  %tw = ktdp.construct_access_tile %W[%row, %c0] {access_tile_set = #p0, access_tile_order = #id} : memref<32x64xf16> -> !ktdp.access_tile<8x64xindex>
  %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = #p0, access_tile_order = #id} : memref<32x64xf16> -> !ktdp.access_tile<8x64xindex>
  %v = ktdp.load %tw : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
  %r = math.exp %v : tensor<8x64xf16>
  ktdp.store %r, %ty : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
  return
}
