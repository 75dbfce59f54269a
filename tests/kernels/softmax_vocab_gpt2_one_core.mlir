// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=sample
// DEVICES: sample
// softmax_vocab_gpt2_one_core.mlir - softmax_vocab_gpt2.mlir's 2 rows of
// 50257 f16 on one core of the sample device (1 MiB of scratchpad).
// Each pass runs a row in 98 blocks of 512 astride 64-byte
// words, which ktc-path-expand gives 6 buffer phases. ktc-nest tiles
// each pass's blocks, inside the row loop (misaligned-rows: coarsening
// cannot read those DMAs, so the row loop is no point loop; 43611 cycles,
// 54166 with it off). With it off, the row loop is the point loop, and
// ktc-nest counts those phases' room once for the row, not once a block
// (98 times: no tile of rows fit). One core: the words shared with the
// next row are read, modified and written back in order.
module {
  func.func @softmax_vocab_gpt2_one_core(%out: index, %in: index) attributes {grid = [1]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 2 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [2, 50257], strides: [50257, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 50256 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x50257xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [2, 50257], strides: [50257, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 50256 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x50257xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 50256 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x50257xf16> -> !ktdp.access_tile<1x50257xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x50257xindex> -> tensor<1x50257xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maxnumf } ins(%x : tensor<1x50257xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x50257xf16>
      %d = arith.subf %x, %mb : tensor<1x50257xf16>
      %e = math.exp %d : tensor<1x50257xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x50257xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x50257xf16>
      %y = arith.divf %e, %sb : tensor<1x50257xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 50256 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x50257xf16> -> !ktdp.access_tile<1x50257xindex>
      ktdp.store %y, %ty : tensor<1x50257xf16>, !ktdp.access_tile<1x50257xindex>
    }
    return
  }
}
