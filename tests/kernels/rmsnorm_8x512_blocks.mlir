// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// LAUNCH: --arg n=512 --arg eps=0.001
// rmsnorm_8x512_blocks.mlir - Y = X * rsqrt(mean(X^2) + eps) * W over an
// 8x512 f16 matrix on 2 cores, 4 rows each, in column blocks of 256 (2 a
// row, 4 lane-wide chunks each) as Triton writes it. The sum of squares
// is carried over the blocks: per block, its 4 chunks folded into the 4 of
// the sum. register-carry's interchange swaps the chunk loop out of the
// block loop (the blocks are at least half as many as the chunks: each
// chunk then a pipeline streaming its 2 blocks, the sum in a register),
// not left a round trip through the scratchpad per block and chunk (spyre
// 619 -> 496 cycles, sample 874 -> 486). rmsnorm_2x2's 2 blocks of 16
// chunks stay as they are (stream_loops.mlir).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rmsnorm(%x: index, %w: index, %y: index, %n: index, %eps: f16) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %bs = arith.constant 256 : index
    %cn = arith.constant 512 : index
    %rows = arith.muli %tile, %c4 : index
    %end = arith.addi %rows, %c4 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 512], strides: [512, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x512xf16>
    %W = ktdp.construct_memory_view %w, sizes: [1, 512], strides: [512, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 511 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x512xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 512], strides: [512, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x512xf16>
    %n32 = arith.index_cast %n : index to i32
    %nf = arith.sitofp %n32 : i32 to f16
    scf.for %row = %rows to %end step %c1 {
      %zero = arith.constant dense<0.0> : tensor<1x256xf16>
      %sq = scf.for %col = %c0 to %cn step %bs iter_args(%acc = %zero) -> (tensor<1x256xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %v2 = arith.mulf %v, %v : tensor<1x256xf16>
        %next = arith.addf %acc, %v2 : tensor<1x256xf16>
        scf.yield %next : tensor<1x256xf16>
      }
      %zs = arith.constant 0.0 : f16
      %init = tensor.splat %zs : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%sq : tensor<1x256xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %s = tensor.extract %sum[%c0] : tensor<1xf16>
      %ms = arith.divf %s, %nf : f16
      %me = arith.addf %ms, %eps : f16
      %r = math.rsqrt %me : f16
      %rb = tensor.splat %r : tensor<1x256xf16>
      scf.for %col = %c0 to %cn step %bs {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x256xindex>
        %tw = ktdp.construct_access_tile %W[%c0, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1x512xf16> -> !ktdp.access_tile<1x256xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %wv = ktdp.load %tw : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %nv = arith.mulf %v, %rb : tensor<1x256xf16>
        %o = arith.mulf %nv, %wv : tensor<1x256xf16>
        ktdp.store %o, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
      }
    }
    return
  }
}
