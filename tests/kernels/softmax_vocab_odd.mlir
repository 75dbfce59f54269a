// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// softmax_vocab_odd.mlir - row softmax over a vocabulary of 32064 tokens
// (Phi-3's), 2 rows of f16, a row per core. 32064 = 501 chunks of the 64
// f16 lanes, an odd number: ktc-interp's pairwise sum pairs elements across
// chunks from its first level on (j with j + 16032, then j + 8016 ..), so
// ktc-nest's reductions start with window levels over the exponentials'
// own scratchpad buffer, two chunks longer for the last windows
// (softmax_vocab.mlir: whole chunks first).
module {
  func.func @softmax_vocab_odd(%out: index, %in: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 1 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [2, 32064], strides: [32064, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 32063 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x32064xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [2, 32064], strides: [32064, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 32063 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x32064xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 32063 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x32064xf16> -> !ktdp.access_tile<1x32064xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x32064xindex> -> tensor<1x32064xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maxnumf } ins(%x : tensor<1x32064xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x32064xf16>
      %d = arith.subf %x, %mb : tensor<1x32064xf16>
      %e = math.exp %d : tensor<1x32064xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x32064xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x32064xf16>
      %y = arith.divf %e, %sb : tensor<1x32064xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 32063 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x32064xf16> -> !ktdp.access_tile<1x32064xindex>
      ktdp.store %y, %ty : tensor<1x32064xf16>, !ktdp.access_tile<1x32064xindex>
    }
    return
  }
}
