// RUN: ktc-split
// PARSE: --device=sample
// A reduction over a row wider than the lanes (1024 f16, 64 lanes) whose
// producer reads an input broadcast along the row (exp(x - max), the max
// one element): the producer stays a generic of its own, its row in the
// scratchpad (%e_buf), and the sum reads that row alone. Fused, the sum's
// generic would read the max as a splat as wide as the row. The max's own
// reduction fuses nothing; the subtraction and exponential fuse together.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @sum_exp(%x: index, %s: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 1024], strides: [1024, 1] {
    coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x1024xf16>
  %S = ktdp.construct_memory_view %s, sizes: [1], strides: [1] {
    coordinate_set = #one, memory_space = #ktdp.memory_space<global>} : memref<1xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<1x1024xf16> -> !ktdp.access_tile<1x1024xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
  %ninf = arith.constant 0xFC00 : f16
  %minit = tensor.splat %ninf : tensor<1xf16>
  %max = linalg.reduce { arith.maximumf } ins(%v : tensor<1x1024xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
  %m = tensor.extract %max[%c0] : tensor<1xf16>
  %mb = tensor.splat %m : tensor<1x1024xf16>
  %d = arith.subf %v, %mb : tensor<1x1024xf16>
  %e = math.exp %d : tensor<1x1024xf16>
  %zero = arith.constant 0.0 : f16
  %sinit = tensor.splat %zero : tensor<1xf16>
  %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x1024xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
  %ts = ktdp.construct_access_tile %S[%c0] {access_tile_set = #one, access_tile_order = #id1} : memref<1xf16> -> !ktdp.access_tile<1xindex>
  ktdp.store %sum, %ts : tensor<1xf16>, !ktdp.access_tile<1xindex>
  return
}
