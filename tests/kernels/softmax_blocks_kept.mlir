// RUN: ktc-split | ktc-path-expand
// DEVICES: sample spyre
// softmax_blocks_kept.mlir - softmax over 4 rows of 2048 f16 on 2 cores,
// 2 rows each, in column blocks of 512 as Triton writes it: the sum pass
// and the output pass each compute exp(x - max) of every block. ktc-nest
// runs a tile's passes in one compute stage; reuse-results keeps the sum
// pass's exponentials in the scratchpad and the output pass divides them
// by the sum (tests/passes/nest/reuse_results.mlir is this kernel's
// ScheduleIR).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @softmax_blocks_kept(%x: index, %y: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 2 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %bs = arith.constant 512 : index
    %cn = arith.constant 2048 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 2048], strides: [2048, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x2048xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 2048], strides: [2048, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x2048xf16>
    scf.for %row = %rows to %end step %c1 {
      %ninf = arith.constant dense<0xFC00> : tensor<1x512xf16>
      %mv = scf.for %col = %c0 to %cn step %bs iter_args(%a = %ninf) -> (tensor<1x512xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<4x2048xf16> -> !ktdp.access_tile<1x512xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x512xindex> -> tensor<1x512xf16>
        %n = arith.maximumf %a, %v : tensor<1x512xf16>
        scf.yield %n : tensor<1x512xf16>
      }
      %ninfs = arith.constant 0xFC00 : f16
      %minit = tensor.splat %ninfs : tensor<1xf16>
      %max = linalg.reduce { arith.maximumf } ins(%mv : tensor<1x512xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf16>
      %mb = tensor.splat %ms : tensor<1x512xf16>
      %zero = arith.constant dense<0.0> : tensor<1x512xf16>
      %sv = scf.for %col = %c0 to %cn step %bs iter_args(%a = %zero) -> (tensor<1x512xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<4x2048xf16> -> !ktdp.access_tile<1x512xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x512xindex> -> tensor<1x512xf16>
        %d = arith.subf %v, %mb : tensor<1x512xf16>
        %e = math.exp %d : tensor<1x512xf16>
        %n = arith.addf %a, %e : tensor<1x512xf16>
        scf.yield %n : tensor<1x512xf16>
      }
      %zs = arith.constant 0.0 : f16
      %sinit = tensor.splat %zs : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%sv : tensor<1x512xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %sb = tensor.splat %ss : tensor<1x512xf16>
      scf.for %col = %c0 to %cn step %bs {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<4x2048xf16> -> !ktdp.access_tile<1x512xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<4x2048xf16> -> !ktdp.access_tile<1x512xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x512xindex> -> tensor<1x512xf16>
        %d = arith.subf %v, %mb : tensor<1x512xf16>
        %e = math.exp %d : tensor<1x512xf16>
        %o = arith.divf %e, %sb : tensor<1x512xf16>
        ktdp.store %o, %ty : tensor<1x512xf16>, !ktdp.access_tile<1x512xindex>
      }
    }
    return
  }
}
