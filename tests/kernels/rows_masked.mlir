// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg m=5 --arg x=f16:5x8 --arg y=f16:16x8
// LAUNCH: --arg m=0 --arg x=f16:1x8 --arg y=f16:16x8
// LAUNCH: --arg m=8 --arg x=f16:8x8 --arg y=f16:16x8
// LAUNCH: --arg m=9 --arg x=f16:9x8 --arg y=f16:16x8
// LAUNCH: --arg m=30 --arg x=f16:30x8 --arg y=f16:30x8
// rows_masked.mlir - y = x * x on the rows below m of a fixed 16x8 f16
// tile (views of m rows, m an index argument): 8 rows fill a vector, the
// tile loop runs over the row vectors holding rows below m, and the last
// one's lanes from row m on (8 a row) keep y's old values.
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 7 >= 0)>
#tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 7 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @rows_masked(%x: index, %y: index, %m: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [%m, 8], strides: [8, 1] {coordinate_set = #rows, memory_space = #ktdp.memory_space<global>} : memref<?x8xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [%m, 8], strides: [8, 1] {coordinate_set = #rows, memory_space = #ktdp.memory_space<global>} : memref<?x8xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #tile, access_tile_order = #id} : memref<?x8xf16> -> !ktdp.access_tile<16x8xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #tile, access_tile_order = #id} : memref<?x8xf16> -> !ktdp.access_tile<16x8xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<16x8xindex> -> tensor<16x8xf16>
  %d = arith.mulf %a, %a : tensor<16x8xf16>
  ktdp.store %d, %ty : tensor<16x8xf16>, !ktdp.access_tile<16x8xindex>
  return
}
