// softmax_4x262144.mlir - row softmax of a 4x262144 f16 matrix over a grid of 2
// cores, 2 rows each: a row (512 KiB) is 4096 times the 64 f16 lanes, so
// its max and sum are reductions wider than the lanes, and it does not fit
// the scratchpad beside its exponentials: each pass is a nest of its own
// (ktc-nest's overlap-rows runs the next row's max pass with this row's
// exponentials).
module {
  func.func @softmax_4x262144(%out: index, %in: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 2 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [4, 262144], strides: [262144, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 262143 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x262144xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [4, 262144], strides: [262144, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 262143 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x262144xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 262143 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x262144xf16> -> !ktdp.access_tile<1x262144xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x262144xindex> -> tensor<1x262144xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maxnumf } ins(%x : tensor<1x262144xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x262144xf16>
      %d = arith.subf %x, %mb : tensor<1x262144xf16>
      %e = math.exp %d : tensor<1x262144xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x262144xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x262144xf16>
      %y = arith.divf %e, %sb : tensor<1x262144xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 262143 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x262144xf16> -> !ktdp.access_tile<1x262144xindex>
      ktdp.store %y, %ty : tensor<1x262144xf16>, !ktdp.access_tile<1x262144xindex>
    }
    return
  }
}
