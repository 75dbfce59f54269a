// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg m=10 --arg x=f16:10x4 --arg y=f16:64
// LAUNCH: --arg m=0 --arg x=f16:1x4 --arg y=f16:64
// LAUNCH: --arg m=1 --arg x=f16:1x4 --arg y=f16:64
// LAUNCH: --arg m=16 --arg x=f16:16x4 --arg y=f16:64
// LAUNCH: --arg m=40 --arg x=f16:40x4 --arg y=f16:64
// row_sum16_masked.mlir - y[r] = sum of row r of an m x 4 f16 matrix for
// the rows below m of a fixed 16-row tile (views of m rows, m an index
// argument): the 16 rows fill one vector (a sum a lane), the masked row
// dim packed with the reduction dim; lanes at m and past keep y's old
// values (y is larger than m in the launches).
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @row_sum16_masked(%x: index, %y: index, %m: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [%m, 4], strides: [4, 1] {coordinate_set = #rows, memory_space = #ktdp.memory_space<global>} : memref<?x4xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [%m], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #tile, access_tile_order = #id} : memref<?x4xf16> -> !ktdp.access_tile<16x4xindex>
  %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<16xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<16x4xindex> -> tensor<16x4xf16>
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<16xf16>
  %i0 = linalg.fill ins(%zero : f16) outs(%e : tensor<16xf16>) -> tensor<16xf16>
  %sum = linalg.reduce { arith.addf } ins(%a : tensor<16x4xf16>) outs(%i0 : tensor<16xf16>) dimensions = [1]
  ktdp.store %sum, %ty : tensor<16xf16>, !ktdp.access_tile<16xindex>
  return
}
