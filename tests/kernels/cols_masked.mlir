// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg n=100 --arg x=f16:4x128 --arg y=f16:4x128
// LAUNCH: --arg n=0 --arg x=f16:4x128 --arg y=f16:4x128
// LAUNCH: --arg n=1 --arg x=f16:4x128 --arg y=f16:4x128
// LAUNCH: --arg n=64 --arg x=f16:4x128 --arg y=f16:4x128
// LAUNCH: --arg n=128 --arg x=f16:4x128 --arg y=f16:4x128
// cols_masked.mlir - y = x + x on the columns below n of a 4x128 f16
// tile (views of n columns, rows 128 apart, n an index argument): a row
// loop around a loop over the row's vectors below n, the last one merged
// with y's old values (read again for every row).
#cols = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @cols_masked(%x: index, %y: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, %n], strides: [128, 1] {coordinate_set = #cols, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, %n], strides: [128, 1] {coordinate_set = #cols, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #tile, access_tile_order = #id} : memref<4x?xf16> -> !ktdp.access_tile<4x128xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #tile, access_tile_order = #id} : memref<4x?xf16> -> !ktdp.access_tile<4x128xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<4x128xindex> -> tensor<4x128xf16>
  %d = arith.addf %a, %a : tensor<4x128xf16>
  ktdp.store %d, %ty : tensor<4x128xf16>, !ktdp.access_tile<4x128xindex>
  return
}
