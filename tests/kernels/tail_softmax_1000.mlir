// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg scale=1.0
// LAUNCH: --arg scale=0.25
// tail_softmax_1000.mlir - Y = softmax(X * scale) along the rows of an
// 8x1000 f16 matrix over a grid of 4 tiles, two rows each: 1000 is no
// multiple of the 64 f16 lanes, and odd rows start inside a 128-byte word
// (2000 bytes apart). The reductions take whole rows; the elementwise
// pipelines that read or write device memory run a row in a 512-element
// tile (8 pieces of 64) and one of the other 488 (8 pieces of 61: ktc-split's
// tails), moving the words around them; the one in the scratchpad alone in
// 64s and a tail of 40.
// Spyre only: the sample device stores no part of a word of device memory
// that other tiles share.
module {
  func.func @tail_softmax_1000(%out: index, %in: index, %scale: f16) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 2 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [8, 1000], strides: [1000, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x1000xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [8, 1000], strides: [1000, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x1000xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<8x1000xf16> -> !ktdp.access_tile<1x1000xindex>
      %x0 = ktdp.load %tx : !ktdp.access_tile<1x1000xindex> -> tensor<1x1000xf16>
      %sc = tensor.splat %scale : tensor<1x1000xf16>
      %x = arith.mulf %x0, %sc : tensor<1x1000xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maxnumf } ins(%x : tensor<1x1000xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x1000xf16>
      %d = arith.subf %x, %mb : tensor<1x1000xf16>
      %e = math.exp %d : tensor<1x1000xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x1000xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x1000xf16>
      %y = arith.divf %e, %sb : tensor<1x1000xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<8x1000xf16> -> !ktdp.access_tile<1x1000xindex>
      ktdp.store %y, %ty : tensor<1x1000xf16>, !ktdp.access_tile<1x1000xindex>
    }
    return
  }
}
