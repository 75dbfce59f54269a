// RUN: ktc-split
// PARSE: --device=spyre
// A produce region computing its partial from the group id is not
// supported yet (the partial must not depend on %g).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @err_ring_group_id(%x: index, %y: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %t = ktdp.get_compute_tile_id : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %tx = ktdp.construct_access_tile %X[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
  %ty = ktdp.construct_access_tile %Y[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
  %part = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<1x64xf16>
  %id0 = linalg.fill ins(%zero : f16) outs(%e : tensor<1x64xf16>) -> tensor<1x64xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
      : tensor<1x64xf16> -> !ktdp.tile_future<tensor<1x64xf16>, groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    %gi = arith.index_cast %g : index to i32
    %gf = arith.sitofp %gi : i32 to f16
    %gs = tensor.splat %gf : tensor<1x64xf16>
    ktdp.yield_partial %gs : tensor<1x64xf16>
  }
  %r = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>, identity(%id0 : tensor<1x64xf16>)
      : !ktdp.tile_future<tensor<1x64xf16>, groups = affine_set<(g) : (g == 0)>> -> tensor<1x64xf16> {
  ^bb0(%a: tensor<1x64xf16>, %b: tensor<1x64xf16>):
    %s = arith.addf %a, %b : tensor<1x64xf16>
    ktdp.yield_reduced %s : tensor<1x64xf16>
  }
  ktdp.store %r, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
