// RUN: ktc-split
// PARSE: --device=spyre
// Partitions in two buffers: rows 0..3 at %a, rows 4..7 at %b. Every tile
// reads the same box, rows 5..6, which lies in partition #1 on every tile:
// the access tile moves onto partition #1's buffer alone, a view reading
// global coordinates at %b - 256 (its origin [4, 0] times its strides).
#pa = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#pb = affine_set<(d0, d1) : (d0 - 4 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#box = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dist_one_part(%a: index, %b: index, %y: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %PA = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #pa, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %PB = ktdp.construct_memory_view %b, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #pb, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %D = ktdp.construct_distributed_memory_view (%PA, %PB : memref<4x64xf16>, memref<4x64xf16>) : memref<8x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = #box, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %td = ktdp.construct_access_tile %D[%c5, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<2x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
  %v = ktdp.load %td : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
  %r = math.exp %v : tensor<2x64xf16>
  ktdp.store %r, %ty : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
  return
}
