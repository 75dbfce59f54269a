// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// DEVICES: spyre
// softmax_vocab_gpt2.mlir - row softmax over GPT-2's vocabulary of 50257
// tokens, 2 rows of f16, a row per core. 50257 is not whole chunks of the
// 64 f16 lanes, and odd: ktc-interp's pairwise sum pairs element j with j +
// 25128 and appends the last, 25129 partials, then 12565, 6283, 3142 (each
// odd length appending its last), before half of the row fits
// ktc-codegen's registers. ktc-nest's reductions run those four levels as
// window levels over the exponentials' scratchpad buffer, each followed by
// the one-element move of its appended partial. The rows start inside
// 128-byte words (row 1 at element 50257): ktc-path-expand widens the DMAs
// to the enclosing words and stores under the byte mask; ktc-nest's
// shared-words has the exponentials read the row's words where the max
// loaded them, not from device memory again. Not on the sample
// device: it has no masked writes, and the two cores' rows share a word, so
// neither may read-modify-write it (ktc-codegen refuses, located).
module {
  func.func @softmax_vocab_gpt2(%out: index, %in: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 1 : index
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
