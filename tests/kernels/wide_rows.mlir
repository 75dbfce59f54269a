// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// wide_rows.mlir - each of the 2 rows of a 2x128 f16 block minus its sum
// (an addf reduction): one reduction over both rows at once, each row twice
// the 64 SIMD lanes of the devices (a row goes in two lane-wide pieces, the
// tree's first level adds them), then the elementwise work row by row.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @wide_rows(%x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x128xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x128xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x128xf16> -> !ktdp.access_tile<2x128xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x128xf16> -> !ktdp.access_tile<2x128xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<2x128xindex> -> tensor<2x128xf16>
  %z = arith.constant 0.0 : f16
  %e2 = tensor.empty() : tensor<2xf16>
  %s0 = linalg.fill ins(%z : f16) outs(%e2 : tensor<2xf16>) -> tensor<2xf16>
  %s = linalg.reduce { arith.addf } ins(%v : tensor<2x128xf16>) outs(%s0 : tensor<2xf16>) dimensions = [1]
  %e = tensor.empty() : tensor<2x128xf16>
  %sb = linalg.broadcast ins(%s : tensor<2xf16>) outs(%e : tensor<2x128xf16>) dimensions = [1]
  %o = linalg.sub ins(%v, %sb : tensor<2x128xf16>, tensor<2x128xf16>) outs(%e : tensor<2x128xf16>) -> tensor<2x128xf16>
  ktdp.store %o, %ty : tensor<2x128xf16>, !ktdp.access_tile<2x128xindex>
  return
}
