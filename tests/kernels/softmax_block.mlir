// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// softmax_block.mlir - softmax along the rows of one 4x64 f16 block, in
// named linalg ops (fills, reduces, broadcasts, sub, exp, div): a chain of
// four pipelines. The reductions take the whole block (4 rows of 64 in one
// slot), the elementwise work goes row by row under a tile loop, reading
// the row's max and sum from scratchpad through the map (d0, d1) -> (d0).
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @sm4(%x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %ninf = arith.constant 0xFC00 : f16
  %e4 = tensor.empty() : tensor<4xf16>
  %m0 = linalg.fill ins(%ninf : f16) outs(%e4 : tensor<4xf16>) -> tensor<4xf16>
  %m = linalg.reduce { arith.maximumf } ins(%v : tensor<4x64xf16>) outs(%m0 : tensor<4xf16>) dimensions = [1]
  %e = tensor.empty() : tensor<4x64xf16>
  %mb = linalg.broadcast ins(%m : tensor<4xf16>) outs(%e : tensor<4x64xf16>) dimensions = [1]
  %d = linalg.sub ins(%v, %mb : tensor<4x64xf16>, tensor<4x64xf16>) outs(%e : tensor<4x64xf16>) -> tensor<4x64xf16>
  %ex = linalg.exp ins(%d : tensor<4x64xf16>) outs(%e : tensor<4x64xf16>) -> tensor<4x64xf16>
  %z = arith.constant 0.0 : f16
  %s0 = linalg.fill ins(%z : f16) outs(%e4 : tensor<4xf16>) -> tensor<4xf16>
  %s = linalg.reduce { arith.addf } ins(%ex : tensor<4x64xf16>) outs(%s0 : tensor<4xf16>) dimensions = [1]
  %sb = linalg.broadcast ins(%s : tensor<4xf16>) outs(%e : tensor<4x64xf16>) dimensions = [1]
  %o = linalg.div ins(%ex, %sb : tensor<4x64xf16>, tensor<4x64xf16>) outs(%e : tensor<4x64xf16>) -> tensor<4x64xf16>
  ktdp.store %o, %ty : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
