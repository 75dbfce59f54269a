// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// DEVICES: spyre
// logsumexp_rows.mlir - log(sum(exp(x - max))) + max over each row of a
// 16x1024 f16 matrix, 4 rows a core (a cross-entropy's normalizer). The
// exponentials feed the sum alone: ktc-split keeps them a generic of their
// own, not fused into the sum's reduction, whose row (16 lane-wide chunks)
// would read the max as a splat as wide as the row, which neither
// ktc-nest's reductions nor ktc-codegen's streamed reduction take (it
// used to fail in ktc-codegen: "a vector of 1024 f16 is wider than the 64
// f16 lanes of SFU").
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @logsumexp(%x: index, %l: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %start = arith.muli %tile, %c4 : index
    %end = arith.addi %start, %c4 : index
    %X = ktdp.construct_memory_view %x, sizes: [16, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16x1024xf16>
    %L = ktdp.construct_memory_view %l, sizes: [16], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16xf16>
    scf.for %r = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<16x1024xf16> -> !ktdp.access_tile<1x1024xindex>
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
      %s = tensor.extract %sum[%c0] : tensor<1xf16>
      %ls = math.log %s : f16
      %lse = arith.addf %ls, %m : f16
      %out = tensor.splat %lse : tensor<1xf16>
      %tl = ktdp.construct_access_tile %L[%r] {access_tile_set = #one, access_tile_order = #id1} : memref<16xf16> -> !ktdp.access_tile<1xindex>
      ktdp.store %out, %tl : tensor<1xf16>, !ktdp.access_tile<1xindex>
    }
    return
  }
}
