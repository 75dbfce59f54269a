// RUN: ktc-split
// PARSE: --device=spyre
// Two access tiles of a distributed view at the same subscripts (a
// two-pass kernel loading its half of a row in each pass) read at the
// same offset on every tile: they share one plain view (one SSA value, so
// ktc-nest's coarsening sees the same memory and loads it once). The
// partitions are two 4x64 matrices (tile t reads #t at x + 192 t); a third
// access tile, at constant subscripts, reads partition #0 on every tile:
// a view of its own.
#h0 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#h1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 - 64 >= 0, -d1 + 127 >= 0)>
#box = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dist_shared_view(%x: index, %y: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %t = ktdp.get_compute_tile_id : index
  %col = arith.muli %t, %c64 : index
  %c256 = arith.constant 256 : index
  %x1 = arith.addi %x, %c256 : index
  %P0 = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #h0, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %P1 = ktdp.construct_memory_view %x1, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #h1, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %D = ktdp.construct_distributed_memory_view (%P0, %P1 : memref<4x64xf16>, memref<4x64xf16>) : memref<4x128xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 128], strides: [128, 1] {
    coordinate_set = #box, memory_space = #ktdp.memory_space<global>} : memref<4x128xf16>
  %ta = ktdp.construct_access_tile %D[%c0, %col] {access_tile_set = #box, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<4x64xindex>
  %tb = ktdp.construct_access_tile %D[%c0, %col] {access_tile_set = #box, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<4x64xindex>
  %tc = ktdp.construct_access_tile %D[%c0, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<4x64xindex>
  %a = ktdp.load %ta : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %b = ktdp.load %tb : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %c = ktdp.load %tc : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %ab = arith.mulf %a, %b : tensor<4x64xf16>
  %v = arith.addf %ab, %c : tensor<4x64xf16>
  %ty = ktdp.construct_access_tile %Y[%c0, %col] {access_tile_set = #box, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<4x64xindex>
  ktdp.store %v, %ty : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
