// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// LAUNCH: --arg scale=1.0
// LAUNCH: --arg scale=0.25
// tail_softmax_96.mlir - Y = softmax(X * scale) along the rows of a 16x96
// f16 matrix over a grid of 4 tiles, four rows each: 96 is no multiple of
// the 64 f16 lanes, so a row is one tile that ktc-lower runs in two pieces
// of 48 (no tail); odd rows start in the middle of a 128-byte word.
module {
  func.func @tail_softmax_96(%out: index, %in: index, %scale: f16) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 4 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [16, 96], strides: [96, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 95 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16x96xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [16, 96], strides: [96, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 95 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16x96xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 95 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<16x96xf16> -> !ktdp.access_tile<1x96xindex>
      %x0 = ktdp.load %tx : !ktdp.access_tile<1x96xindex> -> tensor<1x96xf16>
      %sc = tensor.splat %scale : tensor<1x96xf16>
      %x = arith.mulf %x0, %sc : tensor<1x96xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maxnumf } ins(%x : tensor<1x96xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x96xf16>
      %d = arith.subf %x, %mb : tensor<1x96xf16>
      %e = math.exp %d : tensor<1x96xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x96xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x96xf16>
      %y = arith.divf %e, %sb : tensor<1x96xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 95 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<16x96xf16> -> !ktdp.access_tile<1x96xindex>
      ktdp.store %y, %ty : tensor<1x96xf16>, !ktdp.access_tile<1x96xindex>
    }
    return
  }
}
