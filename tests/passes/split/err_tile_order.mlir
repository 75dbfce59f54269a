// RUN: ktc-split
// PARSE: --device=sample
// An access tile that enumerates its set in another order (a transposing
// load) is not supported yet.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @order(%a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [64, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #tr} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
  %tb = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
  %n = arith.negf %x : tensor<64x64xf16>
  ktdp.store %n, %tb : tensor<64x64xf16>, !ktdp.access_tile<64x64xindex>
  return
}
