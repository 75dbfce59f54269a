// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg k=3
// ring_loop_dep.mlir - an all-reduce in every iteration of a loop, of a
// partial that depends on the iteration: p = row + acc, acc = the 4-tile
// sum of p, %k times; tile 1 stores acc. The exchange stays in the loop
// body; its 4 KiB partials pass from neighbour to neighbour (three one-hop
// shifts per iteration), and ktc-lower signals each ring transfer back to
// the core it read from, so that core's next iteration does not overwrite
// a buffer still being read.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#quad = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
func.func @ring_loop_dep(%x: index, %y: index, %k: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = ktdp.get_compute_tile_id : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 2048], strides: [2048, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x2048xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1, 2048], strides: [2048, 1] {
    coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x2048xf16>
  %tx = ktdp.construct_access_tile %X[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x2048xf16> -> !ktdp.access_tile<1x2048xindex>
  %part = ktdp.load %tx : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
  %zero = arith.constant dense<0.0> : tensor<1x2048xf16>
  %total = scf.for %i = %c0 to %k step %c1 iter_args(%acc = %zero) -> (tensor<1x2048xf16>) {
    %p = arith.addf %part, %acc : tensor<1x2048xf16>
    %f = ktdp.inter_tile_produce producer_tiles_per_group = #quad
        : tensor<1x2048xf16> -> !ktdp.tile_future<tensor<1x2048xf16>, groups = affine_set<(g) : (g == 0)>> {
    ^bb0(%g: index):
      ktdp.yield_partial %p : tensor<1x2048xf16>
    }
    %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #quad, identity(%zero : tensor<1x2048xf16>)
        : !ktdp.tile_future<tensor<1x2048xf16>, groups = affine_set<(g) : (g == 0)>> -> tensor<1x2048xf16> {
    ^bb0(%a: tensor<1x2048xf16>, %b: tensor<1x2048xf16>):
      %s = arith.addf %a, %b : tensor<1x2048xf16>
      ktdp.yield_reduced %s : tensor<1x2048xf16>
    }
    scf.yield %sum : tensor<1x2048xf16>
  }
  %second = arith.cmpi eq, %t, %c1 : index
  scf.if %second {
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<1x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    ktdp.store %total, %ty : tensor<1x2048xf16>, !ktdp.access_tile<1x2048xindex>
  }
  return
}
