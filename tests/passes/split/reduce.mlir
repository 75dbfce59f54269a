// RUN: ktc-split
// PARSE: --device=sample
// A reduction (linalg.reduce, init a splat of 0) stored as is: the reduced
// dim is not tiled (the whole row is one slot), the rows are; the compute
// stage starts from a splat of the init value.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#set1 = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @row_sums(%a: index, %s: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %S = ktdp.construct_memory_view %s, sizes: [2], strides: [1] {
    coordinate_set = #set1, memory_space = #ktdp.memory_space<global>} : memref<2xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
  %ts = ktdp.construct_access_tile %S[%c0] {access_tile_set = #set1, access_tile_order = #id1} : memref<2xf16> -> !ktdp.access_tile<2xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
  %zero = arith.constant 0.0 : f16
  %init = tensor.splat %zero : tensor<2xf16>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<2x64xf16>) outs(%init : tensor<2xf16>) dimensions = [1]
  ktdp.store %sum, %ts : tensor<2xf16>, !ktdp.access_tile<2xindex>
  return
}
