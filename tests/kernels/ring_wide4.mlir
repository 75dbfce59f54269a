// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// ring_wide4.mlir - an all-reduce of 1x4096 f16 rows (8 KiB partials)
// over 4 tiles, every tile storing its own fold in row `tile` of %y. For
// partials this large on spyre's ring, reading each from its tile directly
// would load the busiest link more than passing them on costs in latency,
// so they go from neighbour to neighbour: three one-hop shifts, each of
// the previous one's result, source_tiles = [3, 0, 1, 2] every time.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#quad = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
func.func @ring_wide4(%x: index, %y: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %t = ktdp.get_compute_tile_id : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 4096], strides: [4096, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x4096xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 4096], strides: [4096, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x4096xf16>
  %tx = ktdp.construct_access_tile %X[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x4096xf16> -> !ktdp.access_tile<1x4096xindex>
  %ty = ktdp.construct_access_tile %Y[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x4096xf16> -> !ktdp.access_tile<1x4096xindex>
  %part = ktdp.load %tx : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #quad
      -> <(tensor<1x4096xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    ktdp.yield_partial %part : tensor<1x4096xf16>
  }
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<1x4096xf16>
  %id0 = linalg.fill ins(%zero : f16) outs(%e : tensor<1x4096xf16>) -> tensor<1x4096xf16>
  %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #quad, identity(%id0 : tensor<1x4096xf16>)
      : <(tensor<1x4096xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<1x4096xf16> {
  ^bb0(%a: tensor<1x4096xf16>, %b: tensor<1x4096xf16>):
    %o = tensor.empty() : tensor<1x4096xf16>
    %s = linalg.add ins(%a, %b : tensor<1x4096xf16>, tensor<1x4096xf16>) outs(%o : tensor<1x4096xf16>) -> tensor<1x4096xf16>
    ktdp.yield_reduced %s : tensor<1x4096xf16>
  }
  ktdp.store %sum, %ty : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
  return
}
