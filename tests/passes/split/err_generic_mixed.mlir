// RUN: ktc-split
// PARSE: --device=sample
// A linalg.generic whose reduction loop lies between parallel ones
// (maxima over d1 of a 2x16x64 tensor) is refused at the generic: only
// reduction loops all outside the parallel ones (or all inside) are taken.
#set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#oset = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
func.func @mid_max(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 16, 64], strides: [1024, 64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x16x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 64], strides: [64, 1] {coordinate_set = #oset, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0, %c0] {access_tile_set = #set, access_tile_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>} : memref<2x16x64xf16> -> !ktdp.access_tile<2x16x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #oset, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<2x16x64xindex> -> tensor<2x16x64xf16>
  %z = arith.constant -65504.0 : f16
  %e = tensor.empty() : tensor<2x64xf16>
  %s0 = linalg.fill ins(%z : f16) outs(%e : tensor<2x64xf16>) -> tensor<2x64xf16>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%v : tensor<2x16x64xf16>) outs(%s0 : tensor<2x64xf16>) {
  ^bb0(%a: f16, %acc: f16):
    %r = arith.maxnumf %a, %acc : f16
    linalg.yield %r : f16
  } -> tensor<2x64xf16>
  ktdp.store %s, %ty : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
  return
}
