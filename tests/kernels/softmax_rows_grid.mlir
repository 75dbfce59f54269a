// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// softmax_rows_grid.mlir - row softmax of a 4096x256 f16 matrix as Triton
// launches it: a grid of 4096 x 1 programs, one row each (tile id = row), on
// spyre's 32 cores. ktc-nest's fold-grid runs a core's 128 tiles as a loop
// the row's passes stream across (20732 cycles, as the persistent form
// tests/bench/kernels/softmax_4096x256.mlir; 32537 with each tile run
// alone, --disable=fold-grid).
module {
  func.func @softmax_rows_grid_4096x256(%out: index, %in: index) attributes {grid = [4096, 1]} {
    %row = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %in, sizes: [4096, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096x256xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [4096, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096x256xf16>
    %tx = ktdp.construct_access_tile %X[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<4096x256xf16> -> !ktdp.access_tile<1x256xindex>
    %ty = ktdp.construct_access_tile %Y[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<4096x256xf16> -> !ktdp.access_tile<1x256xindex>
    %x = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
    %ninf = arith.constant 0xFC00 : f16
    %minit = tensor.splat %ninf : tensor<1xf16>
    %max = linalg.reduce { arith.maximumf } ins(%x : tensor<1x256xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
    %m = tensor.extract %max[%c0] : tensor<1xf16>
    %mrow = tensor.splat %m : tensor<1x256xf16>
    %d = arith.subf %x, %mrow : tensor<1x256xf16>
    %e = math.exp %d : tensor<1x256xf16>
    %zero = arith.constant 0.0 : f16
    %sinit = tensor.splat %zero : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x256xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
    %s = tensor.extract %sum[%c0] : tensor<1xf16>
    %srow = tensor.splat %s : tensor<1x256xf16>
    %y = arith.divf %e, %srow : tensor<1x256xf16>
    ktdp.store %y, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    return
  }
}
