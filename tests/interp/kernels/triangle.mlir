// Sets that are not boxes: an access tile over the lower triangle (its
// bounding box, the rest masked: loads 0, stores nothing) and a view whose
// coordinate set is the upper triangle (stores outside it dropped).
func.func @triangle(%x: index, %out: index) {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [4, 4], strides: [4, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x4xf32>
  %lt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, d0 - d1 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf32> -> !ktdp.access_tile<4x4xindex>
  %l = ktdp.load %lt : !ktdp.access_tile<4x4xindex> -> tensor<4x4xf32>
  %h = arith.constant dense<100.0> : tensor<4x4xf32>
  %v = arith.addf %l, %h : tensor<4x4xf32>
  %ov = ktdp.construct_memory_view %out, sizes: [4, 4], strides: [4, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0, d1 - d0 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x4xf32>
  %ot = ktdp.construct_access_tile %ov[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf32> -> !ktdp.access_tile<4x4xindex>
  ktdp.store %v, %ot : tensor<4x4xf32>, !ktdp.access_tile<4x4xindex>
  // and the lower tile stored back into x, doubled: the upper part untouched
  %v2 = arith.addf %l, %l : tensor<4x4xf32>
  ktdp.store %v2, %lt : tensor<4x4xf32>, !ktdp.access_tile<4x4xindex>
  return
}
