// RUN: ktc-split
// PARSE: --device=sample
// linalg.transpose and linalg.map become generics and fuse: the input is
// read through the permuted map (d0, d1) -> (d1, d0), so each 1x64 output
// tile takes a 64x1 column of the input.
#setT = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 1 >= 0)>
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @transpose(%a: index, %c: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [64, 2], strides: [2, 1] {
    coordinate_set = #setT, memory_space = #ktdp.memory_space<global>} : memref<64x2xf16>
  %C = ktdp.construct_memory_view %c, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #setT, access_tile_order = #id} : memref<64x2xf16> -> !ktdp.access_tile<64x2xindex>
  %tc = ktdp.construct_access_tile %C[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<64x2xindex> -> tensor<64x2xf16>
  %e = tensor.empty() : tensor<2x64xf16>
  %t = linalg.transpose ins(%x : tensor<64x2xf16>) outs(%e : tensor<2x64xf16>) permutation = [1, 0]
  %r = linalg.map { math.tanh } ins(%t : tensor<2x64xf16>) outs(%e : tensor<2x64xf16>)
  ktdp.store %r, %tc : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
  return
}
