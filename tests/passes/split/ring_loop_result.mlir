// RUN: ktc-split
// PARSE: --device=spyre
// The partial is the result of an scf.for (a row sum carried over two
// 1x64 blocks): it lives in the loop's carried buffer, so the exchange
// reads a copy made after the loop (a generic's buffer, as the ring
// reads). Tiles 0 and 1 all-reduce their sums; each stores its own row.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#xset = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#yset = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#both = affine_set<(i)[g] : (i - 2*g >= 0, -i + 2*g + 1 >= 0)>
func.func @ring_loop_result(%x: index, %y: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %t = ktdp.get_compute_tile_id : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 128], strides: [128, 1] {
    coordinate_set = #xset, memory_space = #ktdp.memory_space<global>} : memref<2x128xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = #yset, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %zero = arith.constant dense<0.0> : tensor<1x64xf16>
  %part = scf.for %col = %c0 to %c128 step %c64 iter_args(%acc = %zero) -> (tensor<1x64xf16>) {
    %tx = ktdp.construct_access_tile %X[%t, %col] {access_tile_set = #row, access_tile_order = #id} : memref<2x128xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %next = arith.addf %acc, %v : tensor<1x64xf16>
    scf.yield %next : tensor<1x64xf16>
  }
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #both
      -> <(tensor<1x64xf16>), groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%g: index):
    ktdp.yield_partial %part : tensor<1x64xf16>
  }
  %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #both, identity(%zero : tensor<1x64xf16>)
      : <(tensor<1x64xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<1x64xf16> {
  ^bb0(%a: tensor<1x64xf16>, %b: tensor<1x64xf16>):
    %s = arith.addf %a, %b : tensor<1x64xf16>
    ktdp.yield_reduced %s : tensor<1x64xf16>
  }
  %ty = ktdp.construct_access_tile %Y[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<1x64xindex>
  ktdp.store %sum, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
