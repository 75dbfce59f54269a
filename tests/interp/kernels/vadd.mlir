// Vector add on grid [4]: each tile adds its 8 elements (pointer arguments).
func.func @vadd(%x: index, %y: index, %out: index) attributes {grid = [4]} {
  %pid = ktdp.get_compute_tile_id : index
  %c8 = arith.constant 8 : index
  %off = arith.muli %pid, %c8 : index
  %xv = ktdp.construct_memory_view %x, sizes: [32], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [32], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32xf16>
  %ov = ktdp.construct_memory_view %out, sizes: [32], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32xf16>
  %xt = ktdp.construct_access_tile %xv[%off] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<32xf16> -> !ktdp.access_tile<8xindex>
  %yt = ktdp.construct_access_tile %yv[%off] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<32xf16> -> !ktdp.access_tile<8xindex>
  %ot = ktdp.construct_access_tile %ov[%off] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<32xf16> -> !ktdp.access_tile<8xindex>
  %a = ktdp.load %xt : !ktdp.access_tile<8xindex> -> tensor<8xf16>
  %b = ktdp.load %yt : !ktdp.access_tile<8xindex> -> tensor<8xf16>
  %c = arith.addf %a, %b : tensor<8xf16>
  ktdp.store %c, %ot : tensor<8xf16>, !ktdp.access_tile<8xindex>
  return
}
