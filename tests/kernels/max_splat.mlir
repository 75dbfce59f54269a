// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// max_splat.mlir - the maximum of a row of 6 f16 (arith.cmpf ogt +
// arith.select, folded as ktc-interp's tree) splatted back over the row in
// place: ktc-split stores it in steps of 2 elements at column %i1 (a loop
// of step 2), so each step is a read-modify-write of the word around
// columns [%i1, %i1 + 2): offset %i1 mod word, always even, so one word
// covers it.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 5 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @max_splat(%x: index) {
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
  %s = tensor.extract %r[%c0] : tensor<1xf16>
  %sp = tensor.splat %s : tensor<1x6xf16>
  ktdp.store %sp, %tx : tensor<1x6xf16>, !ktdp.access_tile<1x6xindex>
  return
}
