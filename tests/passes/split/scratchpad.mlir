// RUN: ktc-split
// PARSE: --device=sample
// A view in the tile's own scratchpad (ct_local) maps to the device's "L1":
// its FIFO slot starts there, <"L1" -> "SFU">, and the result goes to the
// global view in "DDR".
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @local(%a: index, %c: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<ct_local>} : memref<1x64xf16>
  %C = ktdp.construct_memory_view %c, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %tc = ktdp.construct_access_tile %C[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %y = arith.mulf %x, %x : tensor<1x64xf16>
  ktdp.store %y, %tc : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
