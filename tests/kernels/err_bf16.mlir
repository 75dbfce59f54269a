// RUN: ktc-split
// PARSE: --device=spyre
// err_bf16.mlir - C = A + B on 2x128 bf16: the device has no bf16 SIMD
// lanes; ktc-split refuses it at the addf.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @add_bf16(%a: index, %b: index, %c: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [2, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x128xbf16>
  %B = ktdp.construct_memory_view %b, sizes: [2, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x128xbf16>
  %C = ktdp.construct_memory_view %c, sizes: [2, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x128xbf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x128xbf16> -> !ktdp.access_tile<2x128xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x128xbf16> -> !ktdp.access_tile<2x128xindex>
  %tc = ktdp.construct_access_tile %C[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x128xbf16> -> !ktdp.access_tile<2x128xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<2x128xindex> -> tensor<2x128xbf16>
  %y = ktdp.load %tb : !ktdp.access_tile<2x128xindex> -> tensor<2x128xbf16>
  %s = arith.addf %x, %y : tensor<2x128xbf16>
  ktdp.store %s, %tc : tensor<2x128xbf16>, !ktdp.access_tile<2x128xindex>
  return
}
