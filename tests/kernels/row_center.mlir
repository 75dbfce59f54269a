// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// row_center.mlir - each of the 8 rows of an 8x32 f16 block minus its sum
// (an addf reduction): one reduction over all 8 rows at once (256
// elements, wider than the 64 SIMD lanes of the devices: it goes in chunks
// of two rows of 32), then the elementwise work row by row.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @row_center(%x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [8, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<8x32xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<8x32xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<8x32xf16> -> !ktdp.access_tile<8x32xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<8x32xf16> -> !ktdp.access_tile<8x32xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<8x32xindex> -> tensor<8x32xf16>
  %z = arith.constant 0.0 : f16
  %e2 = tensor.empty() : tensor<8xf16>
  %s0 = linalg.fill ins(%z : f16) outs(%e2 : tensor<8xf16>) -> tensor<8xf16>
  %s = linalg.reduce { arith.addf } ins(%v : tensor<8x32xf16>) outs(%s0 : tensor<8xf16>) dimensions = [1]
  %e = tensor.empty() : tensor<8x32xf16>
  %sb = linalg.broadcast ins(%s : tensor<8xf16>) outs(%e : tensor<8x32xf16>) dimensions = [1]
  %o = linalg.sub ins(%v, %sb : tensor<8x32xf16>, tensor<8x32xf16>) outs(%e : tensor<8x32xf16>) -> tensor<8x32xf16>
  ktdp.store %o, %ty : tensor<8x32xf16>, !ktdp.access_tile<8x32xindex>
  return
}
