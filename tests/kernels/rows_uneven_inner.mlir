// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// rows_uneven_inner.mlir - row softmax of a 17x192 f16 matrix over a grid
// of 2 cores, rows t, t + 2, ...: 9 rows on core 0, 8 on core 1, each row
// three vectors, so a row's passes are inner loops over them. Tiles of 9,
// chosen for the larger count, leave core 1 no whole tile: its 8 rows in
// the remainder loop, each row's passes nests of their own (spyre: 1629
// cycles). ktc-nest prices those leftover rows and takes tiles of 2 (at
// least the 2 corelets a tile is split over): core 0's last row left over
// (661 cycles; sample 1410 -> 771).
module {
  func.func @rows_uneven_inner(%out: index, %in: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %cG = arith.constant 2 : index
    %cR = arith.constant 17 : index
    %X = ktdp.construct_memory_view %in, sizes: [17, 192], strides: [192, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 16 >= 0, d1 >= 0, -d1 + 191 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<17x192xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [17, 192], strides: [192, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 16 >= 0, d1 >= 0, -d1 + 191 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<17x192xf16>
    scf.for %row = %tile to %cR step %cG {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 191 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<17x192xf16> -> !ktdp.access_tile<1x192xindex>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 191 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<17x192xf16> -> !ktdp.access_tile<1x192xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x192xindex> -> tensor<1x192xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maximumf } ins(%x : tensor<1x192xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x192xf16>
      %d = arith.subf %x, %mb : tensor<1x192xf16>
      %e = math.exp %d : tensor<1x192xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x192xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x192xf16>
      %y = arith.divf %e, %sb : tensor<1x192xf16>
      ktdp.store %y, %ty : tensor<1x192xf16>, !ktdp.access_tile<1x192xindex>
    }
    return
  }
}
