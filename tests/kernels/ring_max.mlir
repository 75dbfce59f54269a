// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// ring_max.mlir - a max-reduction over 4 tiles: the identity is -inf
// (0xFC00), the combiner arith.maximumf on tensors (NaN wins, +0 > -0, so
// the fold order is kept as ktc-interp's), and only tile 3 stores (scf.if
// on the tile id: one trip on tile 3, none elsewhere).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#quad = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
func.func @ring_max(%x: index, %y: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %t = ktdp.get_compute_tile_id : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %tx = ktdp.construct_access_tile %X[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
  %part = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #quad
      : tensor<1x64xf16> -> !ktdp.tile_future<tensor<1x64xf16>, groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    ktdp.yield_partial %part : tensor<1x64xf16>
  }
  %ninf = arith.constant 0xFC00 : f16
  %e = tensor.empty() : tensor<1x64xf16>
  %lowest = linalg.fill ins(%ninf : f16) outs(%e : tensor<1x64xf16>) -> tensor<1x64xf16>
  %m = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #quad, identity(%lowest : tensor<1x64xf16>)
      : !ktdp.tile_future<tensor<1x64xf16>, groups = affine_set<(g) : (g == 0)>> -> tensor<1x64xf16> {
  ^bb0(%a: tensor<1x64xf16>, %b: tensor<1x64xf16>):
    %s = arith.maximumf %a, %b : tensor<1x64xf16>
    ktdp.yield_reduced %s : tensor<1x64xf16>
  }
  %last = arith.cmpi eq, %t, %c3 : index
  scf.if %last {
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %m, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
