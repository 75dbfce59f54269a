// RUN: ktc-split
// PARSE: --device=sample
// Scalar math on an element extracted at an index known only at launch:
// the one-element computation reads its inputs at constant indices.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dynamic(%a: index, %y: index, %k: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %e = math.exp %x : tensor<1x64xf16>
  %s = tensor.extract %e[%c0, %k] : tensor<1x64xf16>
  %r = math.rsqrt %s : f16
  %rb = tensor.splat %r : tensor<1x64xf16>
  %out = arith.mulf %x, %rb : tensor<1x64xf16>
  ktdp.store %out, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
