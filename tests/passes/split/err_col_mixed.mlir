// RUN: ktc-split
// PARSE: --device=sample
// A linalg.reduce over dimensions 0 and 2 of a 2x4x64 tensor (reduced dims
// both outside and inside a kept one) is refused at the op.
#set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#set1 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id1 = affine_map<(d0) -> (d0)>
func.func @mixed(%a: index, %s: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [2, 4, 64], strides: [256, 64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x4x64xf16>
  %S = ktdp.construct_memory_view %s, sizes: [4], strides: [1] {
    coordinate_set = #set1, memory_space = #ktdp.memory_space<global>} : memref<4xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x4x64xf16> -> !ktdp.access_tile<2x4x64xindex>
  %ts = ktdp.construct_access_tile %S[%c0] {access_tile_set = #set1, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<4xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<2x4x64xindex> -> tensor<2x4x64xf16>
  %zero = arith.constant 0.0 : f16
  %init = tensor.splat %zero : tensor<4xf16>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<2x4x64xf16>) outs(%init : tensor<4xf16>) dimensions = [0, 2]
  ktdp.store %sum, %ts : tensor<4xf16>, !ktdp.access_tile<4xindex>
  return
}
