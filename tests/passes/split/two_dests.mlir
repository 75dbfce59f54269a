// RUN: ktc-split
// PARSE: --device=sample
// A result stored and also read by a later computation that cannot fuse
// with it (a reduction reading a tensor with another use): its compute
// stage writes two slots, one to device memory, one to a scratchpad buffer
// the next pipeline of the chain reads.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#set1 = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @sum_and_total(%a: index, %b: index, %c: index, %t: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %C = ktdp.construct_memory_view %c, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %T = ktdp.construct_memory_view %t, sizes: [1], strides: [1] {
    coordinate_set = #set1, memory_space = #ktdp.memory_space<global>} : memref<1xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %tc = ktdp.construct_access_tile %C[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %tt = ktdp.construct_access_tile %T[%c0] {access_tile_set = #set1, access_tile_order = #id1} : memref<1xf16> -> !ktdp.access_tile<1xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %y = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %s = arith.addf %x, %y : tensor<1x64xf16>
  ktdp.store %s, %tc : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  %zero = arith.constant 0.0 : f16
  %init = tensor.splat %zero : tensor<1xf16>
  %total = linalg.reduce { arith.addf } ins(%s : tensor<1x64xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
  ktdp.store %total, %tt : tensor<1xf16>, !ktdp.access_tile<1xindex>
  return
}
