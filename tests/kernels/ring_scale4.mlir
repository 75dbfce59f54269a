// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// ring_scale4.mlir - the all-reduce of a norm across tiles: each of 4
// tiles sums its f32 row (a tensor<1xf32> partial, computed, not loaded),
// the 4 sums are all-reduced over the ring (4-byte ring transfers), and
// each tile scales its row by the total. The partial is a reduction
// result, so its buffer is the ring's source directly.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#quad = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
func.func @ring_scale4(%x: index, %y: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %t = ktdp.get_compute_tile_id : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf32>
  %tx = ktdp.construct_access_tile %X[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf32> -> !ktdp.access_tile<1x64xindex>
  %ty = ktdp.construct_access_tile %Y[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf32> -> !ktdp.access_tile<1x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %s = linalg.reduce { arith.addf } ins(%v : tensor<1x64xf32>) outs(%z : tensor<1xf32>) dimensions = [1]
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #quad
      -> <(tensor<1xf32>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    ktdp.yield_partial %s : tensor<1xf32>
  }
  %total = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #quad, identity(%z : tensor<1xf32>)
      : <(tensor<1xf32>), groups = affine_set<(g) : (g == 0)>> -> tensor<1xf32> {
  ^bb0(%a: tensor<1xf32>, %b: tensor<1xf32>):
    %o = arith.addf %a, %b : tensor<1xf32>
    ktdp.yield_reduced %o : tensor<1xf32>
  }
  %e2 = tensor.empty() : tensor<1x64xf32>
  %tb = linalg.broadcast ins(%total : tensor<1xf32>) outs(%e2 : tensor<1x64xf32>) dimensions = [1]
  %w = arith.mulf %v, %tb : tensor<1x64xf32>
  ktdp.store %w, %ty : tensor<1x64xf32>, !ktdp.access_tile<1x64xindex>
  return
}
