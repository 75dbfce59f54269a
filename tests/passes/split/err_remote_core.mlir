// RUN: ktc-split
// PARSE: --device=spyre
// A view of core 3's scratchpad (ct_id = 3) on a grid of 2 tiles: no tile
// runs on core 3 to serve it; refused at the view.
#box = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @err_remote_core(%y: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %L = ktdp.construct_memory_view %c0, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #box, memory_space = #ktdp.memory_space<ct_local, ct_id = 3>} : memref<4x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #box, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %tl = ktdp.construct_access_tile %L[%c0, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %tl : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  ktdp.store %v, %ty : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
