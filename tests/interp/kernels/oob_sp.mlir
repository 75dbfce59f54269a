// An out-of-bounds scratchpad store, after an in-bounds load of x.
func.func @oob_sp(%x: index) {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [8], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8xf16>
  %t = ktdp.construct_access_tile %xv[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<8xf16> -> !ktdp.access_tile<8xindex>
  %a = ktdp.load %t : <8xindex> -> tensor<8xf16>
  %sv = ktdp.construct_memory_view %c0, sizes: [8], strides: [1048576] {memory_space = #ktdp.memory_space<ct_local>} : memref<8xf16>
  %st = ktdp.construct_access_tile %sv[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<8xf16> -> !ktdp.access_tile<8xindex>
  ktdp.store %a, %st : tensor<8xf16>, <8xindex>
  return
}
