// RUN: ktc-split
// PARSE: --device=sample
// A reduction accumulating into a loaded tensor (its init is not empty or
// a constant) is not supported yet: the compute stage would need that
// tensor as one more input.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#set1 = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @accumulate(%a: index, %s: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %S = ktdp.construct_memory_view %s, sizes: [1], strides: [1] {
    coordinate_set = #set1, memory_space = #ktdp.memory_space<global>} : memref<1xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %ts = ktdp.construct_access_tile %S[%c0] {access_tile_set = #set1, access_tile_order = #id1} : memref<1xf16> -> !ktdp.access_tile<1xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %old = ktdp.load %ts : !ktdp.access_tile<1xindex> -> tensor<1xf16>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<1x64xf16>) outs(%old : tensor<1xf16>) dimensions = [1]
  ktdp.store %sum, %ts : tensor<1xf16>, !ktdp.access_tile<1xindex>
  return
}
