// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n_i32=1000 --arg x_ptr=f32:1000 --arg y_ptr=f32:1000 --arg out_ptr=f32:1024
// LAUNCH: --arg n_i32=500 --arg x_ptr=f32:500 --arg y_ptr=f32:500 --arg out_ptr=f32:1024
// LAUNCH: --arg n_i32=0 --arg x_ptr=f32:1 --arg y_ptr=f32:1 --arg out_ptr=f32:64
// LAUNCH: --arg n_i32=1 --arg x_ptr=f32:1 --arg y_ptr=f32:1 --arg out_ptr=f32:64
// LAUNCH: --arg n_i32=31 --arg x_ptr=f32:31 --arg y_ptr=f32:31 --arg out_ptr=f32:64
// LAUNCH: --arg n_i32=32 --arg x_ptr=f32:32 --arg y_ptr=f32:32 --arg out_ptr=f32:64
// LAUNCH: --arg n_i32=1024 --arg x_ptr=f32:1024 --arg y_ptr=f32:1024 --arg out_ptr=f32:1024
// LAUNCH: --arg n_i32=1500 --arg x_ptr=f32:1500 --arg y_ptr=f32:1500 --arg out_ptr=f32:1500
// vadd_dynamic.mlir - out = x + y on n f32 elements (n an i32 argument),
// one fixed 1024-element tile whose views own coordinates below n, as
// Triton writes a masked kernel: the tile loop runs over the vectors
// holding elements below n, the last one merged with what out held
// (lanes at n and past keep their values; out is larger than n in the
// launches, so a stray write would show), n past the tile moves all 1024.
func.func @vadd_dynamic(%x_ptr: index, %y_ptr: index, %out_ptr: index, %n_i32: i32) attributes {grid = [1]} {
  %n = arith.index_cast %n_i32 : i32 to index
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x_ptr, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf32>
  %Y = ktdp.construct_memory_view %y_ptr, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf32>
  %O = ktdp.construct_memory_view %out_ptr, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf32>
  %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf32> -> !ktdp.access_tile<1024xindex>
  %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf32> -> !ktdp.access_tile<1024xindex>
  %to = ktdp.construct_access_tile %O[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf32> -> !ktdp.access_tile<1024xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<1024xindex> -> tensor<1024xf32>
  %b = ktdp.load %ty : !ktdp.access_tile<1024xindex> -> tensor<1024xf32>
  %s = arith.addf %a, %b : tensor<1024xf32>
  ktdp.store %s, %to : tensor<1024xf32>, !ktdp.access_tile<1024xindex>
  return
}
