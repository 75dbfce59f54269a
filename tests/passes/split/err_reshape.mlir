// RUN: ktc-split
// PARSE: --device=sample
// A reshape that merges two dims of more than one element each is not a
// copy with a map: not supported yet.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#set1 = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @flatten(%a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [128], strides: [1] {
    coordinate_set = #set1, memory_space = #ktdp.memory_space<global>} : memref<128xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0] {access_tile_set = #set1, access_tile_order = #id1} : memref<128xf16> -> !ktdp.access_tile<128xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
  %f = tensor.collapse_shape %x [[0, 1]] : tensor<2x64xf16> into tensor<128xf16>
  ktdp.store %f, %tb : tensor<128xf16>, !ktdp.access_tile<128xindex>
  return
}
