// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// rows_uneven.mlir - row softmax of a 21x64 f16 matrix over a grid of 2
// cores, rows t, t + 2, ...: 11 rows on core 0, 10 on core 1, each row one
// vector (its passes hold no inner loop). Tiles of 11 rows, chosen for the
// larger count, would leave core 1 no whole tile: its 10 rows one by one in
// the remainder loop (spyre: 1947 cycles). ktc-nest takes the tile, at
// most the smaller count, whose slowest core is modeled fastest: tiles of
// 10, core 0's last row in the remainder loop (448 cycles; sample 631 ->
// 262).
module {
  func.func @rows_uneven(%out: index, %in: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %cG = arith.constant 2 : index
    %cR = arith.constant 21 : index
    %X = ktdp.construct_memory_view %in, sizes: [21, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 20 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<21x64xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [21, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 20 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<21x64xf16>
    scf.for %row = %tile to %cR step %cG {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<21x64xf16> -> !ktdp.access_tile<1x64xindex>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<21x64xf16> -> !ktdp.access_tile<1x64xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maximumf } ins(%x : tensor<1x64xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x64xf16>
      %d = arith.subf %x, %mb : tensor<1x64xf16>
      %e = math.exp %d : tensor<1x64xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x64xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x64xf16>
      %y = arith.divf %e, %sb : tensor<1x64xf16>
      ktdp.store %y, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
