// vadd_dynamic_130000.mlir - y = x + z on n f32 elements over a grid of 32
// tiles of 4096 (Triton's masked vector add, tile t at t * 4096, a view of
// the launch-time n): with n = 130000 the last tile holds 3024 elements, a
// count of vectors known only at launch (remainder-pieces).
// Launch: --arg n=130000 --arg x=f32:130000 --arg z=f32:130000 --arg y=f32:130000
func.func @vadd_dynamic_130000(%x: index, %z: index, %y: index, %n: index) attributes {grid = [32]} {
  %t = ktdp.get_compute_tile_id : index
  %cb = arith.constant 4096 : index
  %base = arith.muli %t, %cb : index
  %X = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf32>
  %Z = ktdp.construct_memory_view %z, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf32>
  %tx = ktdp.construct_access_tile %X[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf32> -> !ktdp.access_tile<4096xindex>
  %tz = ktdp.construct_access_tile %Z[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf32> -> !ktdp.access_tile<4096xindex>
  %ty = ktdp.construct_access_tile %Y[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf32> -> !ktdp.access_tile<4096xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<4096xindex> -> tensor<4096xf32>
  %b = ktdp.load %tz : !ktdp.access_tile<4096xindex> -> tensor<4096xf32>
  %r = arith.addf %a, %b : tensor<4096xf32>
  ktdp.store %r, %ty : tensor<4096xf32>, !ktdp.access_tile<4096xindex>
  return
}
