// RUN: ktc-split
// PARSE: --device=spyre
// A partial collapsed into 64 elements whose identity is a loaded tensor (not
// one value repeated): it cannot be rebuilt in the partial's 2x32 shape.
#two = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#quad = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
func.func @err_ring_collapse(%x: index, %y: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %t = ktdp.get_compute_tile_id : index
  %row = arith.muli %t, %c2 : index
  %X = ktdp.construct_memory_view %x, sizes: [8, 32], strides: [32, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x32xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 32], strides: [32, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x32xf16>
  %tx = ktdp.construct_access_tile %X[%row, %c0] {access_tile_set = #two, access_tile_order = #id} : memref<8x32xf16> -> !ktdp.access_tile<2x32xindex>
  %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = #two, access_tile_order = #id} : memref<8x32xf16> -> !ktdp.access_tile<2x32xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<2x32xindex> -> tensor<2x32xf16>
  %part = math.exp %v : tensor<2x32xf16>
  %flat = tensor.collapse_shape %part [[0, 1]] : tensor<2x32xf16> into tensor<64xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #quad
      : tensor<64xf16> -> !ktdp.tile_future<tensor<64xf16>, groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
      ktdp.yield_partial %flat : tensor<64xf16>
  }
  %id0 = tensor.collapse_shape %v [[0, 1]] : tensor<2x32xf16> into tensor<64xf16>
  %r = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #quad, identity(%id0 : tensor<64xf16>)
      : !ktdp.tile_future<tensor<64xf16>, groups = affine_set<(g) : (g == 0)>> -> tensor<64xf16> {
  ^bb0(%a: tensor<64xf16>, %b: tensor<64xf16>):
    %i = tensor.empty() : tensor<64xf16>
    %s = linalg.add ins(%a, %b : tensor<64xf16>, tensor<64xf16>) outs(%i : tensor<64xf16>) -> tensor<64xf16>
    ktdp.yield_reduced %s : tensor<64xf16>
  }
  %sum = tensor.expand_shape %r [[0, 1]] output_shape [2, 32] : tensor<64xf16> into tensor<2x32xf16>
  ktdp.store %sum, %ty : tensor<2x32xf16>, !ktdp.access_tile<2x32xindex>
  return
}
