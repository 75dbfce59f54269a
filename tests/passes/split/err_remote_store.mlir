// RUN: ktc-split
// PARSE: --device=spyre
// Every tile of a grid of 2 storing into core 1's scratchpad (ct_local,
// ct_id = 1): refused at the store (a tile writes its own scratchpad).
#box = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @err_remote_store(%x: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #box, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %L = ktdp.construct_memory_view %c0, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #box, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>} : memref<4x64xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %tl = ktdp.construct_access_tile %L[%c0, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  ktdp.store %v, %tl : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
