// RUN: ktc-split
// PARSE: --device=spyre
// Columns 0..n-1 at %a0 and n..2n-1 at %a1, n known at launch (as the
// corpus' distributed-view-copy-dynamic, with constant strides): which
// partitions a tile of columns reads is known only at launch, so its copy
// would be sliced at launch if it were a plain copy; here the tile is
// doubled on the way.
#p0 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#p1 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 - s0 >= 0, -d1 + s0 * 2 - 1 >= 0)>
#box = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @err_dist_runtime_compute(%a0: index, %a1: index, %y: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %P0 = ktdp.construct_memory_view %a0, sizes: [4, %n], strides: [256, 1] {
    coordinate_set = #p0, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
  %P1 = ktdp.construct_memory_view %a1, sizes: [4, %n], strides: [256, 1] {
    coordinate_set = #p1, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
  %D = ktdp.construct_distributed_memory_view (%P0, %P1 : memref<4x?xf16>, memref<4x?xf16>) : memref<4x?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #box, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %td = ktdp.construct_access_tile %D[%c0, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<4x?xf16> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %td : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %v2 = arith.addf %v, %v : tensor<4x64xf16>
  ktdp.store %v2, %ty : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
