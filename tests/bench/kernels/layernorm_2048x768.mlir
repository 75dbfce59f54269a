// layernorm_2048x768.mlir - two-pass LayerNorm (no affine) over the rows of
// a 2048x768 f16 matrix (BERT's hidden size: 12 chunks of the 64 f16 lanes,
// not a power of two) on a grid of 32 cores, 64 contiguous rows each: the
// mean's sum and the variance's sum of (x - mean)^2 over each row, then
// (x - mean) * rsqrt(var + eps).
// Launch: --arg eps=0.001
module {
  func.func @layernorm_2048x768(%x: index, %y: index, %eps: f16) attributes {grid = [32]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 64 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [2048, 768], strides: [768, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2048x768xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2048, 768], strides: [768, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2048x768xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2048x768xf16> -> !ktdp.access_tile<1x768xindex>
      %xv = ktdp.load %tx : !ktdp.access_tile<1x768xindex> -> tensor<1x768xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %s = linalg.reduce { arith.addf } ins(%xv : tensor<1x768xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %s[%c0] : tensor<1xf16>
      %nf = arith.constant 768.0 : f16
      %mean = arith.divf %ss, %nf : f16
      %mb = tensor.splat %mean : tensor<1x768xf16>
      %d = arith.subf %xv, %mb : tensor<1x768xf16>
      %d2 = arith.mulf %d, %d : tensor<1x768xf16>
      %q = linalg.reduce { arith.addf } ins(%d2 : tensor<1x768xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %qs = tensor.extract %q[%c0] : tensor<1xf16>
      %var = arith.divf %qs, %nf : f16
      %ve = arith.addf %var, %eps : f16
      %r = math.rsqrt %ve : f16
      %rb = tensor.splat %r : tensor<1x768xf16>
      %o = arith.mulf %d, %rb : tensor<1x768xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2048x768xf16> -> !ktdp.access_tile<1x768xindex>
      ktdp.store %o, %ty : tensor<1x768xf16>, !ktdp.access_tile<1x768xindex>
    }
    return
  }
}
