// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg n=1000 --arg x=f16:1000 --arg y=f16:1024
// LAUNCH: --arg n=700 --arg x=f16:700 --arg y=f16:1024
// LAUNCH: --arg n=1 --arg x=f16:1 --arg y=f16:1024
// LAUNCH: --arg n=0 --arg x=f16:1 --arg y=f16:1024
// LAUNCH: --arg n=1024 --arg x=f16:1024 --arg y=f16:1024
// LAUNCH: --arg n=5000 --arg x=f16:5000 --arg y=f16:5000
// vadd_dynamic_grid.mlir - y = x * x + x on n f16 elements over a grid of
// 4 tiles of 256 (tile t at t * 256, n an index argument): the tiles past
// n move nothing, the one holding n its vectors below n, its last merged
// with y's old values.
func.func @vadd_dynamic_grid(%x: index, %y: index, %n: index) attributes {grid = [4]} {
  %t = ktdp.get_compute_tile_id : index
  %c256 = arith.constant 256 : index
  %base = arith.muli %t, %c256 : index
  %X = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %tx = ktdp.construct_access_tile %X[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<256xindex>
  %ty = ktdp.construct_access_tile %Y[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<256xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<256xindex> -> tensor<256xf16>
  %sq = arith.mulf %a, %a : tensor<256xf16>
  %r = arith.addf %sq, %a : tensor<256xf16>
  ktdp.store %r, %ty : tensor<256xf16>, !ktdp.access_tile<256xindex>
  return
}
