// Scratchpad capacity: a 4 MiB tile does not fit a 2 MiB scratchpad.
func.func @cap(%x: index, %k: index) {
  %c0 = arith.constant 0 : index
  %v = ktdp.construct_memory_view %x, sizes: [2048, 1024], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2048x1024xf16>
  %t = ktdp.construct_access_tile %v[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2048x1024xf16> -> !ktdp.access_tile<2048x1024xindex>
  %a = ktdp.load %t : <2048x1024xindex> -> tensor<2048x1024xf16>
  return
}
