// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg m=3 --arg x=f16:3x2048 --arg y=f16:8
// LAUNCH: --arg m=0 --arg x=f16:1x2048 --arg y=f16:8
// LAUNCH: --arg m=1 --arg x=f16:1x2048 --arg y=f16:8
// LAUNCH: --arg m=5 --arg x=f16:5x2048 --arg y=f16:8
// LAUNCH: --arg m=9 --arg x=f16:9x2048 --arg y=f16:9
// row_sum_masked.mlir - y[r] = sum of row r of an m x 2048 f16 matrix,
// for the rows below m of a fixed 5-row tile (views of m rows, m an index
// argument): one row a tile step (each summed in lane-wide chunks), the
// row loop runs to min(m, 5); rows at m and past are neither read, nor
// summed, nor stored (y is larger than m in the launches).
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @row_sum_masked(%x: index, %y: index, %m: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [%m, 2048], strides: [2048, 1] {coordinate_set = #rows, memory_space = #ktdp.memory_space<global>} : memref<?x2048xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [%m], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #tile, access_tile_order = #id} : memref<?x2048xf16> -> !ktdp.access_tile<5x2048xindex>
  %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 4 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<5xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<5x2048xindex> -> tensor<5x2048xf16>
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<5xf16>
  %i0 = linalg.fill ins(%zero : f16) outs(%e : tensor<5xf16>) -> tensor<5xf16>
  %sum = linalg.reduce { arith.addf } ins(%a : tensor<5x2048xf16>) outs(%i0 : tensor<5xf16>) dimensions = [1]
  ktdp.store %sum, %ty : tensor<5xf16>, !ktdp.access_tile<5xindex>
  return
}
