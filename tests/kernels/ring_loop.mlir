// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg k=3
// ring_loop.mlir - an all-reduce inside a loop carrying a tensor: each of
// %k iterations adds the 2-tile sum of the rows to a running total, and
// tile 1 stores it. The partial is loaded before the loop, so its ring
// shift is hoisted out of it (it runs once, no signal back between
// iterations); the fold itself (identity, own row, the other's) stays in
// the body, fused with the accumulation into one generic.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#pair = affine_set<(i)[g] : (i - 2*g >= 0, -i + 2*g + 1 >= 0)>
func.func @ring_loop(%x: index, %y: index, %k: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = ktdp.get_compute_tile_id : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %tx = ktdp.construct_access_tile %X[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<1x64xindex>
  %part = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %zero = arith.constant dense<0.0> : tensor<1x64xf16>
  %total = scf.for %i = %c0 to %k step %c1 iter_args(%acc = %zero) -> (tensor<1x64xf16>) {
    %f = ktdp.inter_tile_produce producer_tiles_per_group = #pair
        : tensor<1x64xf16> -> !ktdp.tile_future<tensor<1x64xf16>, groups = affine_set<(g) : (g == 0)>> {
    ^bb0(%g: index):
      ktdp.yield_partial %part : tensor<1x64xf16>
    }
    %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #pair, identity(%zero : tensor<1x64xf16>)
        : !ktdp.tile_future<tensor<1x64xf16>, groups = affine_set<(g) : (g == 0)>> -> tensor<1x64xf16> {
    ^bb0(%a: tensor<1x64xf16>, %b: tensor<1x64xf16>):
      %s = arith.addf %a, %b : tensor<1x64xf16>
      ktdp.yield_reduced %s : tensor<1x64xf16>
    }
    %next = arith.addf %acc, %sum : tensor<1x64xf16>
    scf.yield %next : tensor<1x64xf16>
  }
  %second = arith.cmpi eq, %t, %c1 : index
  scf.if %second {
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %total, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
