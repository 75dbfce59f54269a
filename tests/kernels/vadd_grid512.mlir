// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n=524288 --arg x=f16:524288 --arg z=f16:524288 --arg y=f16:524288
// LAUNCH: --arg n=524188 --arg x=f16:524188 --arg z=f16:524188 --arg y=f16:524188
// LAUNCH: --arg n=33000 --arg x=f16:33000 --arg z=f16:33000 --arg y=f16:33000
// LAUNCH: --arg n=1000 --arg x=f16:1000 --arg z=f16:1000 --arg y=f16:1000
// LAUNCH: --arg n=0 --arg x=f16:1 --arg z=f16:1 --arg y=f16:1
// vadd_grid512.mlir - y = x + z on n f16 elements (n an argument), Triton's
// masked form with BLOCK 1024 over a grid of 512: tile t at t * 1024 moves
// min(n - t * 1024, 1024) elements. spyre's 32 cores host 16 tiles each
// (tile t on core t mod 32); the tile counts are not affine across a
// core's tiles, and ktc-codegen used to give each hosted tile registers
// of its own for them ("needs more than 64 scalar registers"): the later
// tiles compute them at run time from the first tile's registers.
func.func @vadd_grid512(%x: index, %z: index, %y: index, %n: index) attributes {grid = [512]} {
  %t = ktdp.get_compute_tile_id : index
  %cb = arith.constant 1024 : index
  %base = arith.muli %t, %cb : index
  %X = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %Z = ktdp.construct_memory_view %z, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %tx = ktdp.construct_access_tile %X[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<1024xindex>
  %tz = ktdp.construct_access_tile %Z[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<1024xindex>
  %ty = ktdp.construct_access_tile %Y[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<1024xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<1024xindex> -> tensor<1024xf16>
  %b = ktdp.load %tz : !ktdp.access_tile<1024xindex> -> tensor<1024xf16>
  %r = arith.addf %a, %b : tensor<1024xf16>
  ktdp.store %r, %ty : tensor<1024xf16>, !ktdp.access_tile<1024xindex>
  return
}
