// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// softmax_odd_rows.mlir - row softmax of a 10x1024 f16 matrix over a grid
// of 2 cores, 5 rows each: an odd count per core, so a tile split over the
// 2 corelets leaves one a row more every tile unless ktc-nest's
// balance-rows makes 4 rows whole tiles of 2 (a row a corelet) and a nest of
// the row left (sample: 2674 cycles unbalanced, 2286 balanced).
module {
  func.func @softmax_odd_rows(%out: index, %in: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 5 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [10, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 9 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<10x1024xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [10, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 9 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<10x1024xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<10x1024xf16> -> !ktdp.access_tile<1x1024xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maxnumf } ins(%x : tensor<1x1024xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x1024xf16>
      %d = arith.subf %x, %mb : tensor<1x1024xf16>
      %e = math.exp %d : tensor<1x1024xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x1024xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x1024xf16>
      %y = arith.divf %e, %sb : tensor<1x1024xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<10x1024xf16> -> !ktdp.access_tile<1x1024xindex>
      ktdp.store %y, %ty : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
    }
    return
  }
}
