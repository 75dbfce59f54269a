// RUN: ktc-split
// PARSE: --device=sample
// A linalg.generic whose reduction loop is outside its parallel one
// (column maxima, maxnumf: an order-free combiner) is refused at the
// generic: only a linalg.reduce over the outermost dimension becomes
// elementwise work.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 1 >= 0)>
#oset = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @col_max(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [128, 2], strides: [2, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<128x2xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2], strides: [1] {coordinate_set = #oset, memory_space = #ktdp.memory_space<global>} : memref<2xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<128x2xf16> -> !ktdp.access_tile<128x2xindex>
  %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #oset, access_tile_order = affine_map<(d0) -> (d0)>} : memref<2xf16> -> !ktdp.access_tile<2xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<128x2xindex> -> tensor<128x2xf16>
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<2xf16>
  %s0 = linalg.fill ins(%z : f16) outs(%e : tensor<2xf16>) -> tensor<2xf16>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%v : tensor<128x2xf16>) outs(%s0 : tensor<2xf16>) {
  ^bb0(%a: f16, %acc: f16):
    %r = arith.maxnumf %a, %acc : f16
    linalg.yield %r : f16
  } -> tensor<2xf16>
  ktdp.store %s, %ty : tensor<2xf16>, !ktdp.access_tile<2xindex>
  return
}
