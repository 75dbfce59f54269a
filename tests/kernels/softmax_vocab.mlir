// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// softmax_vocab.mlir - row softmax over a vocabulary: 2 rows of 32000 f16
// (a LLaMA vocabulary), a row per core. 32000 = 500 chunks of the 64 f16
// lanes = 2^2 x 125: ktc-interp's pairwise sum pairs whole chunks for two
// levels only, then elements across chunks (j with j + 4000, j + 2000, ..):
// ktc-nest's reductions fold the chunks in one level fused with the
// exponentials, then a window level folds the next two levels of the 8000
// partials (each output vector from 4 windows, 3 of them astride two
// chunks) into the 2000 that ktc-codegen's registers finish.
module {
  func.func @softmax_vocab(%out: index, %in: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 1 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [2, 32000], strides: [32000, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x32000xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [2, 32000], strides: [32000, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x32000xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31999 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x32000xf16> -> !ktdp.access_tile<1x32000xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x32000xindex> -> tensor<1x32000xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maxnumf } ins(%x : tensor<1x32000xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x32000xf16>
      %d = arith.subf %x, %mb : tensor<1x32000xf16>
      %e = math.exp %d : tensor<1x32000xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x32000xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x32000xf16>
      %y = arith.divf %e, %sb : tensor<1x32000xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31999 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x32000xf16> -> !ktdp.access_tile<1x32000xindex>
      ktdp.store %y, %ty : tensor<1x32000xf16>, !ktdp.access_tile<1x32000xindex>
    }
    return
  }
}
