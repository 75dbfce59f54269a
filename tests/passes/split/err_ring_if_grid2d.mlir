// RUN: ktc-split
// PARSE: --device=spyre
// On a 2 x 2 grid a one-result tile id is the tile's coordinate along the
// first dimension (tile t: t mod 2), so `scf.if %t == 0` holds on tiles 0
// and 2: not one contiguous range, refused (it was read as tile 0 alone).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#pair = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
func.func @if_grid2d(%x: index, %y: index) attributes {grid = [2, 2]} {
  %c0 = arith.constant 0 : index
  %t = ktdp.get_compute_tile_id : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %tx = ktdp.construct_access_tile %X[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<1x64xindex>
  %part = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #pair
      : tensor<1x64xf16> -> !ktdp.tile_future<tensor<1x64xf16>, groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    ktdp.yield_partial %part : tensor<1x64xf16>
  }
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<1x64xf16>
  %id0 = linalg.fill ins(%zero : f16) outs(%e : tensor<1x64xf16>) -> tensor<1x64xf16>
  %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #pair, identity(%id0 : tensor<1x64xf16>)
      : !ktdp.tile_future<tensor<1x64xf16>, groups = affine_set<(g) : (g == 0)>> -> tensor<1x64xf16> {
  ^bb0(%a: tensor<1x64xf16>, %b: tensor<1x64xf16>):
    %o = tensor.empty() : tensor<1x64xf16>
    %s = linalg.add ins(%a, %b : tensor<1x64xf16>, tensor<1x64xf16>) outs(%o : tensor<1x64xf16>) -> tensor<1x64xf16>
    ktdp.yield_reduced %s : tensor<1x64xf16>
  }
  %first = arith.cmpi eq, %t, %c0 : index
  scf.if %first {
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %sum, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
