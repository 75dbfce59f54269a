// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=sample
// DEVICES: sample spyre
// softmax_2x8192_blocks.mlir - softmax over 2 rows of 8192 f16 on one
// core, in column blocks of 1024 as Triton writes it (the row's max and
// its sum of exp(x - max) tensors of 1024 carried over the 8 blocks, the
// output a third pass). register-carry swaps each carried pass's block
// loop inside its loop over the 16 chunks of a block, each chunk's
// accumulator loaded once and the blocks folded in registers; stream-loops
// makes that one pipeline whose L1LU and SFU stages each hold the chunk
// loop and, in it, the block loop. A chunk's store of the sum follows the
// load of its accumulator in the same iteration. On sample, whose FIFOs do
// not hold the loop's 16 sums (64-byte entries, 16 of them), ktc-lower
// signals it every iteration, right after that load (a signal after the
// L1LU's whole loop held every store until every load had been sent: a
// deadlock); on spyre, whose FIFOs hold them, once after the loop.
// Sample 2820 cycles, spyre 2057, matching ktc-interp.
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @softmax_2x8192_blocks(%x: index, %y: index) attributes {grid = [1]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bs = arith.constant 1024 : index
    %cn = arith.constant 8192 : index
    %per = arith.constant 2 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 8192], strides: [8192, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x8192xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 8192], strides: [8192, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x8192xf16>
    scf.for %row = %rows to %end step %c1 {
      %ninf = arith.constant dense<0xFC00> : tensor<1x1024xf16>
      %mv = scf.for %col = %c0 to %cn step %bs iter_args(%a = %ninf) -> (tensor<1x1024xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x8192xf16> -> !ktdp.access_tile<1x1024xindex>
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
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x8192xf16> -> !ktdp.access_tile<1x1024xindex>
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
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x8192xf16> -> !ktdp.access_tile<1x1024xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x8192xf16> -> !ktdp.access_tile<1x1024xindex>
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
