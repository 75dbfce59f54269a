// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// wide_reduce_odd.mlir - the sum and the maximum of one row of N f16
// (N = 1000: not a power of two, wider than the 64 lanes): the sum in
// ktc-interp's pairwise order (the row held in registers, each tree level
// gathered register by register), the maximum piece by piece as the row
// streams in (any order gives the same maximum). Both results go to one
// 2-element Y: two read-modify-writes of one word, one after the other.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 999 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#one = affine_set<(d0) : (d0 == 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @wide_reduce_odd(%x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 1000], strides: [1000, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x1000xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<1x1000xf16> -> !ktdp.access_tile<1x1000xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<1x1000xindex> -> tensor<1x1000xf16>
  %zero = arith.constant 0.0 : f16
  %ninf = arith.constant 0xFC00 : f16
  %e = tensor.empty() : tensor<1xf16>
  %i0 = linalg.fill ins(%zero : f16) outs(%e : tensor<1xf16>) -> tensor<1xf16>
  %i1 = linalg.fill ins(%ninf : f16) outs(%e : tensor<1xf16>) -> tensor<1xf16>
  %sum = linalg.reduce { arith.addf } ins(%a : tensor<1x1000xf16>) outs(%i0 : tensor<1xf16>) dimensions = [1]
  %max = linalg.reduce { arith.maximumf } ins(%a : tensor<1x1000xf16>) outs(%i1 : tensor<1xf16>) dimensions = [1]
  %Y = ktdp.construct_memory_view %y, sizes: [2], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2xf16>
  %t0 = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #one, access_tile_order = #id1} : memref<2xf16> -> !ktdp.access_tile<1xindex>
  %t1 = ktdp.construct_access_tile %Y[%c1] {access_tile_set = #one, access_tile_order = #id1} : memref<2xf16> -> !ktdp.access_tile<1xindex>
  ktdp.store %sum, %t0 : tensor<1xf16>, !ktdp.access_tile<1xindex>
  ktdp.store %max, %t1 : tensor<1xf16>, !ktdp.access_tile<1xindex>
  return
}
