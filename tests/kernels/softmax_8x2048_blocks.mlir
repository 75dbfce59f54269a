// RUN: ktc-split | ktc-path-expand | ktc-nest --disable=reuse-results
// PARSE: --device=sample
// DEVICES: sample spyre
// softmax_8x2048_blocks.mlir - softmax over rows of 2048 f16 on 2 cores,
// 4 rows each, in column blocks of 1024 as Triton writes it: the row's max
// and its sum of exp(x - max) are tensors of 1024 carried over the 2
// blocks, the output a third pass over them. Each carried sum is a pass
// per block adding the block to it chunk by chunk (16 chunks), streamed
// into one pipeline whose stages hold the loop over the chunks, the max a
// splat loaded before it. A chunk's store of the sum follows its load
// through the FIFOs in the same iteration: ktc-lower adds no signal for it
// (one after the whole loop of loads deadlocked on sample, whose FIFOs
// hold 16 vectors; the splat before the loop had kept ktc-lower from
// seeing the loops in lockstep; spyre 1761 -> 1684 cycles).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @softmax(%x: index, %y: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bs = arith.constant 1024 : index
    %cn = arith.constant 2048 : index
    %per = arith.constant 4 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 2048], strides: [2048, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x2048xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 2048], strides: [2048, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x2048xf16>
    scf.for %row = %rows to %end step %c1 {
      %ninf = arith.constant dense<0xFC00> : tensor<1x1024xf16>
      %mv = scf.for %col = %c0 to %cn step %bs iter_args(%a = %ninf) -> (tensor<1x1024xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x2048xf16> -> !ktdp.access_tile<1x1024xindex>
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
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x2048xf16> -> !ktdp.access_tile<1x1024xindex>
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
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x2048xf16> -> !ktdp.access_tile<1x1024xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x2048xf16> -> !ktdp.access_tile<1x1024xindex>
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
