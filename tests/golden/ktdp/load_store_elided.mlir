// load and store accept the access-tile type with its prefix elided and
// print it that way.
func.func @f(%p: index) {
  %v = ktdp.construct_memory_view %p, sizes: [4], strides: [1] {memory_space = #ktdp.memory_space<global>} : memref<4xf32>
  %t = ktdp.construct_access_tile %v[0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4xf32> -> <4xindex>
  %x = ktdp.load %t : !ktdp.access_tile<4xindex> -> tensor<4xf32>
  ktdp.store %x, %t : tensor<4xf32>, <4xindex>
  return
}
