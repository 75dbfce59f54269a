// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// DEVICES: spyre
// softmax_vocab_bert.mlir - row softmax over BERT's vocabulary of 30522
// tokens, 2 rows of f16, a row per core. 30522 is not whole chunks of the
// 64 f16 lanes: ktc-interp's pairwise sum pairs element j with j + 15261
// (an even length, nothing appended), then 7631 and 3816 partials (odd
// lengths: the last appended), then 1908, half of which fits
// ktc-codegen's registers. ktc-nest's reductions run the four levels as
// window levels over the exponentials' scratchpad buffer, the odd ones
// followed by the one-element move of their appended partial. Not on the
// sample device (softmax_vocab_gpt2.mlir says why).
module {
  func.func @softmax_vocab_bert(%out: index, %in: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 1 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [2, 30522], strides: [30522, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 30521 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x30522xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [2, 30522], strides: [30522, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 30521 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x30522xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 30521 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x30522xf16> -> !ktdp.access_tile<1x30522xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x30522xindex> -> tensor<1x30522xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maxnumf } ins(%x : tensor<1x30522xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x30522xf16>
      %d = arith.subf %x, %mb : tensor<1x30522xf16>
      %e = math.exp %d : tensor<1x30522xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x30522xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x30522xf16>
      %y = arith.divf %e, %sb : tensor<1x30522xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 30521 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x30522xf16> -> !ktdp.access_tile<1x30522xindex>
      ktdp.store %y, %ty : tensor<1x30522xf16>, !ktdp.access_tile<1x30522xindex>
    }
    return
  }
}
