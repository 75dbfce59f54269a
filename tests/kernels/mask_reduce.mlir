// RUN: ktc-split
// PARSE: --device=sample
// LAUNCH: --arg n=0 --arg x=f16:4x64
// LAUNCH: --arg n=17 --arg x=f16:4x64
// LAUNCH: --arg n=64 --arg x=f16:4x64
// mask_reduce.mlir - the sums of 4 rows of n f16 elements (n an index
// argument, rows 64 apart, a fixed 64-column tile whose view owns the
// columns below n): the reduction runs over the masked dim, whose columns
// at n and past read 0. Its destination is not masked, so ktc-split
// zero-fills: each row's vector is read whole, through select(lane < n, x,
// 0) (it used to be refused at the computation).
#cols = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#four = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
func.func @mask_reduce(%x: index, %y: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, %n], strides: [64, 1] {coordinate_set = #cols, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4], strides: [1] {coordinate_set = #four, memory_space = #ktdp.memory_space<global>} : memref<4xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #tile, access_tile_order = #id} : memref<4x?xf16> -> !ktdp.access_tile<4x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #four, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4xf16> -> !ktdp.access_tile<4xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<4xf16>
  %i0 = linalg.fill ins(%zero : f16) outs(%e : tensor<4xf16>) -> tensor<4xf16>
  %sum = linalg.reduce { arith.addf } ins(%a : tensor<4x64xf16>) outs(%i0 : tensor<4xf16>) dimensions = [1]
  ktdp.store %sum, %ty : tensor<4xf16>, !ktdp.access_tile<4xindex>
  return
}
