// softmax_4096x1000.mlir - softmax_4096x1024.mlir with rows of 1000 f16,
// not whole 128-byte words: row r starts 1000 r elements in, inside a word
// for most rows. ktc-path-expand widens each row's loads and stores to the
// words around it (at `mod` subscripts, which coarsening does not read), so
// each row moves in DMAs of its own; ktc-nest's shared-words has the
// exponentials read the row's words the max loaded.
module {
  func.func @softmax_4096x1000(%out: index, %in: index) attributes {grid = [32]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 128 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [4096, 1000], strides: [1000, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096x1000xf16>
    %Y = ktdp.construct_memory_view %out, sizes: [4096, 1000], strides: [1000, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096x1000xf16>

    scf.for %row = %rows to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4096x1000xf16> -> !ktdp.access_tile<1x1000xindex>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4096x1000xf16> -> !ktdp.access_tile<1x1000xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x1000xindex> -> tensor<1x1000xf16>
      %ninf = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maximumf } ins(%x : tensor<1x1000xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %m = tensor.extract %max[%c0] : tensor<1xf16>
      %mrow = tensor.splat %m : tensor<1x1000xf16>
      %d = arith.subf %x, %mrow : tensor<1x1000xf16>
      %e = math.exp %d : tensor<1x1000xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x1000xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %s = tensor.extract %sum[%c0] : tensor<1xf16>
      %srow = tensor.splat %s : tensor<1x1000xf16>
      %y = arith.divf %e, %srow : tensor<1x1000xf16>
      ktdp.store %y, %ty : tensor<1x1000xf16>, !ktdp.access_tile<1x1000xindex>
    }
    return
  }
}
