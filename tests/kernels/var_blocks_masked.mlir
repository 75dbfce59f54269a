// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH: --arg n=1000 --arg x=f16:1x1024 --arg y=f16:1x256
// LAUNCH: --arg n=1024 --arg x=f16:1x1024 --arg y=f16:1x256
// LAUNCH: --arg n=300 --arg x=f16:1x1024 --arg y=f16:1x256
// var_blocks_masked.mlir - the variance pass of Triton's LayerNorm over one
// row of n columns (n <= 1024) in 4 blocks of 256: each block's
// `where(cols < N, x, 0)` (linalg.index, compared in i32 as Triton
// computes offsets: ktc-split compares the column j with sext(N) - off
// instead, in index arithmetic, so the lanes compare their places and
// stay f16, 64 of them, and sample, which has no i32 lanes, runs it)
// squared and added into an accumulator
// carried over the blocks, stored as it is. ktc-split makes
// the masked block and its square (64 lanes) two pipelines a block, so a
// tile of blocks (ktc-nest's point loop, 2 blocks a tile) cannot be split
// over the corelets (both blocks add into the same accumulator) and holds
// two parallel loops over a block's vectors: each is split instead, point
// by point (corelet-blocks; session 28's left both on corelet 0).
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @var_blocks(%x: index, %y: index, %n: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1024 = arith.constant 1024 : index
    %c256 = arith.constant 256 : index
    %zs = arith.constant 0.0 : f16
    %n32 = arith.index_cast %n : index to i32
    %X = ktdp.construct_memory_view %x, sizes: [1, %n], strides: [1024, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<1x?xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1, 256], strides: [256, 1] {
      coordinate_set = #blk, memory_space = #ktdp.memory_space<global>
    } : memref<1x256xf16>
    %zeros = arith.constant dense<0.0> : tensor<1x256xf16>
    %sq = scf.for %off = %c0 to %c1024 step %c256 iter_args(%acc = %zeros) -> (tensor<1x256xf16>) {
      %tx = ktdp.construct_access_tile %X[%c0, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<1x?xf16> -> !ktdp.access_tile<1x256xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %e = tensor.empty() : tensor<1x256xf16>
      %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x256xf16>) outs(%e : tensor<1x256xf16>) {
      ^bb0(%in: f16, %out: f16):
        %j = linalg.index 1 : index
        %col = arith.addi %off, %j : index
        %col32 = arith.index_cast %col : index to i32
        %ok = arith.cmpi slt, %col32, %n32 : i32
        %r = arith.select %ok, %in, %zs : f16
        linalg.yield %r : f16
      } -> tensor<1x256xf16>
      %d2 = arith.mulf %d, %d : tensor<1x256xf16>
      %next = arith.addf %acc, %d2 : tensor<1x256xf16>
      scf.yield %next : tensor<1x256xf16>
    }
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<1x256xf16> -> !ktdp.access_tile<1x256xindex>
    ktdp.store %sq, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    return
  }
}
