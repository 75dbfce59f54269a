// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower
// PARSE: --device=sample
// Y = X * (s + n + 0.5), s an f16 argument and n = sitofp(index_cast(%n)):
// values known only at launch that the compute body captures. The float
// argument is declared as symbol -3 holding its bit pattern and splatted
// by `vectorchain.splat {bits}`; the index argument is symbol -4, its
// conversion a `vectorchain.splat`; the constant a constant_bitstream.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scale(%x: index, %y: index, %s: f16, %n: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %n32 = arith.index_cast %n : index to i32
  %nf = arith.sitofp %n32 : i32 to f16
  %half = arith.constant 0.5 : f16
  %a = arith.addf %s, %nf : f16
  %f = arith.addf %a, %half : f16
  %fb = tensor.splat %f : tensor<1x64xf16>
  %o = arith.mulf %v, %fb : tensor<1x64xf16>
  ktdp.store %o, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
