// softmax_blocks_16x8192.mlir - row softmax of a 16x8192 f16 matrix over a
// grid of 4 cores, 4 rows each, as Triton writes it for BLOCK_SIZE = 1024:
// three passes over the row's 8 column blocks, the max and then the sum of
// exp(x - max) carried across the blocks as tensors of 1024 (reduced to a
// scalar after their loop), the last pass writing exp(x - max) / sum.
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @softmax_blocks_16x8192(%x: index, %y: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bs = arith.constant 1024 : index
    %cn = arith.constant 8192 : index
    %per = arith.constant 4 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [16, 8192], strides: [8192, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16x8192xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [16, 8192], strides: [8192, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16x8192xf16>
    scf.for %row = %rows to %end step %c1 {
      %ninf = arith.constant dense<0xFC00> : tensor<1x1024xf16>
      %mv = scf.for %col = %c0 to %cn step %bs iter_args(%a = %ninf) -> (tensor<1x1024xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<16x8192xf16> -> !ktdp.access_tile<1x1024xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %n = arith.maximumf %a, %v : tensor<1x1024xf16>
        scf.yield %n : tensor<1x1024xf16>
      }
      %ninfs = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninfs : tensor<1xf16>
      %max = linalg.reduce { arith.maximumf } ins(%mv : tensor<1x1024xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x1024xf16>
      %zero = arith.constant dense<0.0> : tensor<1x1024xf16>
      %sv = scf.for %col = %c0 to %cn step %bs iter_args(%a = %zero) -> (tensor<1x1024xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<16x8192xf16> -> !ktdp.access_tile<1x1024xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %d = arith.subf %v, %mb : tensor<1x1024xf16>
        %e = math.exp %d : tensor<1x1024xf16>
        %n = arith.addf %a, %e : tensor<1x1024xf16>
        scf.yield %n : tensor<1x1024xf16>
      }
      %zs = arith.constant 0.0 : f16
      %sinit = tensor.splat %zs : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%sv : tensor<1x1024xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x1024xf16>
      scf.for %col = %c0 to %cn step %bs {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<16x8192xf16> -> !ktdp.access_tile<1x1024xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<16x8192xf16> -> !ktdp.access_tile<1x1024xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %d = arith.subf %v, %mb : tensor<1x1024xf16>
        %e = math.exp %d : tensor<1x1024xf16>
        %o = arith.divf %e, %sb : tensor<1x1024xf16>
        ktdp.store %o, %ty : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
      }
    }
    return
  }
}
