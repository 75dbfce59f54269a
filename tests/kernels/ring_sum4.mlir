// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// ring_sum4.mlir - an all-reduce of f32 rows over 4 tiles, every tile
// storing its own result in row `tile` of %y. Each tile folds from its own
// row down the ring (tile t: t, t-1, ..., t+1), as ktc-interp does, so the
// four rows may differ in their last bits: the test checks every tile's
// order. The partials are small: each tile reads the three others'
// directly (source_tiles [3, 0, 1, 2], then [2, 3, 0, 1], then [1, 2, 3, 0]),
// the three transfers at once.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#quad = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
func.func @ring_sum4(%x: index, %y: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %t = ktdp.get_compute_tile_id : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 32], strides: [32, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x32xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 32], strides: [32, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x32xf32>
  %tx = ktdp.construct_access_tile %X[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x32xf32> -> !ktdp.access_tile<1x32xindex>
  %ty = ktdp.construct_access_tile %Y[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x32xf32> -> !ktdp.access_tile<1x32xindex>
  %part = ktdp.load %tx : !ktdp.access_tile<1x32xindex> -> tensor<1x32xf32>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #quad
      -> <(tensor<1x32xf32>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    ktdp.yield_partial %part : tensor<1x32xf32>
  }
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32xf32>
  %id0 = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32xf32>) -> tensor<1x32xf32>
  %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #quad, identity(%id0 : tensor<1x32xf32>)
      : <(tensor<1x32xf32>), groups = affine_set<(g) : (g == 0)>> -> tensor<1x32xf32> {
  ^bb0(%a: tensor<1x32xf32>, %b: tensor<1x32xf32>):
    %o = tensor.empty() : tensor<1x32xf32>
    %s = linalg.add ins(%a, %b : tensor<1x32xf32>, tensor<1x32xf32>) outs(%o : tensor<1x32xf32>) -> tensor<1x32xf32>
    ktdp.yield_reduced %s : tensor<1x32xf32>
  }
  ktdp.store %sum, %ty : tensor<1x32xf32>, !ktdp.access_tile<1x32xindex>
  return
}
