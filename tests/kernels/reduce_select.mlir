// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// reduce_select.mlir - the maximum of a row of 6 f16 (12 bytes, less than
// one DMA word: loaded through a staging word) with a two-op combiner,
// arith.cmpf ogt + arith.select, folded as ktc-interp folds linalg.reduce:
// a pairwise tree of the whole body (6 -> 3 -> 2, the odd third lane kept
// -> 1), then with the init; the one-element result stored to Y (2 bytes:
// a read-modify-write of Y's first word).
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 5 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @reduce_select(%x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 6], strides: [6, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x6xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x6xf16> -> !ktdp.access_tile<1x6xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<1x6xindex> -> tensor<1x6xf16>
  %ninf = arith.constant 0xFC00 : f16
  %e = tensor.empty() : tensor<1xf16>
  %i = linalg.fill ins(%ninf : f16) outs(%e : tensor<1xf16>) -> tensor<1xf16>
  %r = linalg.reduce ins(%a : tensor<1x6xf16>) outs(%i : tensor<1xf16>) dimensions = [1]
    (%in: f16, %out: f16) {
      %gt = arith.cmpf ogt, %in, %out : f16
      %mx = arith.select %gt, %in, %out : f16
      linalg.yield %mx : f16
    }
  %Y = ktdp.construct_memory_view %y, sizes: [1], strides: [1] {coordinate_set = affine_set<(d0) : (d0 == 0)>, memory_space = #ktdp.memory_space<global>} : memref<1xf16>
  %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = affine_set<(d0) : (d0 == 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<1xf16> -> !ktdp.access_tile<1xindex>
  ktdp.store %r, %ty : tensor<1xf16>, !ktdp.access_tile<1xindex>
  return
}
