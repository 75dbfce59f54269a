// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n=16284 --arg x=f32:16284 --arg z=f32:16284 --arg y=f32:16284
// LAUNCH: --arg n=16384 --arg x=f32:16384 --arg z=f32:16384 --arg y=f32:16384
// LAUNCH: --arg n=12289 --arg x=f32:12289 --arg z=f32:12289 --arg y=f32:12289
// LAUNCH: --arg n=5 --arg x=f32:5 --arg z=f32:5 --arg y=f32:5
// vadd_dynamic_tail.mlir - y = x + z on n f32 elements over a grid of 4
// tiles of 4096 (tile t at t * 4096, n an index argument; Triton's masked
// vector add): the tile holding n runs its whole tiles of vectors, then the
// vectors left, a count known only at launch, as remainder-pieces makes
// them: a nest per binary digit of the count (n = 16284: the last tile's
// 125 vectors are 3 tiles of 32, then 16 + 8 + 4 + 1), its last vector
// merged with y's old values.
func.func @vadd_dynamic_tail(%x: index, %z: index, %y: index, %n: index) attributes {grid = [4]} {
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
