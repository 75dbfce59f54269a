// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// softmax_row_tiles.mlir - softmax over the rows of a 1024 x 128 f16 matrix,
// Triton-style with one row per program: grid = [1024], 32 programs a core
// on spyre (tile t on core t mod 32), meeting at a barrier between tiles.
module {
  func.func @softmax_row_tiles(%out: index, %in: index) attributes {grid = [1024]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 1 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [1024, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1024x128xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [1024, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1024x128xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<1024x128xf16> -> !ktdp.access_tile<1x128xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maxnumf } ins(%x : tensor<1x128xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x128xf16>
      %d = arith.subf %x, %mb : tensor<1x128xf16>
      %e = math.exp %d : tensor<1x128xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x128xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x128xf16>
      %y = arith.divf %e, %sb : tensor<1x128xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<1024x128xf16> -> !ktdp.access_tile<1x128xindex>
      ktdp.store %y, %ty : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
    }
    return
  }
}
