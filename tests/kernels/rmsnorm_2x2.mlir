// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg N=4096 --arg eps=0.001
// rmsnorm_2x2.mlir - RMSNorm of a 256x4096 f16 matrix on a [2, 2] grid with
// the hidden dim split across two tiles: Y = X * rsqrt(mean(X^2) + eps) * W
// (W of X's shape, as in the 4x1 version). Tile (r, h) (grid dim 0 over
// row blocks, dim 1 over column halves) owns rows 128r .. 128r + 127 and
// columns 2048h .. 2048h + 2047. X, W and Y are each a distributed view of
// two column partitions (strided halves of one row-major matrix); every
// access goes through them. Per row, a tile sums the squares of its half
// (two 1024-wide column blocks, carried), then all-reduces that partial
// sum (tensor<1xf16>) with the other tile of its rows: linear tile id
// r + 2h (dim 0 fastest), so the pairs are {0, 2} and {1, 3}, group g = r.
// Then rstd = rsqrt(sum / N + eps) (scalar math on the compute unit) and a
// second pass scales its half of the row.
#full = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#half0 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#half1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 - 2048 >= 0, -d1 + 4095 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#pairs = affine_set<(i)[g] : (i - g >= 0, -i + g + 2 >= 0, (i - g) mod 2 == 0)>
module {
  func.func @rmsnorm_2x2(%X: index, %Y: index, %W: index, %N: index, %eps: f16) attributes {grid = [2, 2]} {
    %pid_r, %pid_h = ktdp.get_compute_tile_id : index, index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c1024 = arith.constant 1024 : index
    %c2048 = arith.constant 2048 : index
    %row_start = arith.muli %pid_r, %c128 : index
    %row_end = arith.addi %row_start, %c128 : index
    %col_start = arith.muli %pid_h, %c2048 : index
    %col_end = arith.addi %col_start, %c2048 : index
    %X1 = arith.addi %X, %c2048 : index
    %Y1 = arith.addi %Y, %c2048 : index
    %W1 = arith.addi %W, %c2048 : index
    %X_p0 = ktdp.construct_memory_view %X, sizes: [256, 2048], strides: [4096, 1] {
      coordinate_set = #half0, memory_space = #ktdp.memory_space<global>
    } : memref<256x2048xf16>
    %X_p1 = ktdp.construct_memory_view %X1, sizes: [256, 2048], strides: [4096, 1] {
      coordinate_set = #half1, memory_space = #ktdp.memory_space<global>
    } : memref<256x2048xf16>
    %X_view = ktdp.construct_distributed_memory_view (%X_p0, %X_p1 : memref<256x2048xf16>, memref<256x2048xf16>) : memref<256x4096xf16>
    %W_p0 = ktdp.construct_memory_view %W, sizes: [256, 2048], strides: [4096, 1] {
      coordinate_set = #half0, memory_space = #ktdp.memory_space<global>
    } : memref<256x2048xf16>
    %W_p1 = ktdp.construct_memory_view %W1, sizes: [256, 2048], strides: [4096, 1] {
      coordinate_set = #half1, memory_space = #ktdp.memory_space<global>
    } : memref<256x2048xf16>
    %W_view = ktdp.construct_distributed_memory_view (%W_p0, %W_p1 : memref<256x2048xf16>, memref<256x2048xf16>) : memref<256x4096xf16>
    %Y_p0 = ktdp.construct_memory_view %Y, sizes: [256, 2048], strides: [4096, 1] {
      coordinate_set = #half0, memory_space = #ktdp.memory_space<global>
    } : memref<256x2048xf16>
    %Y_p1 = ktdp.construct_memory_view %Y1, sizes: [256, 2048], strides: [4096, 1] {
      coordinate_set = #half1, memory_space = #ktdp.memory_space<global>
    } : memref<256x2048xf16>
    %Y_view = ktdp.construct_distributed_memory_view (%Y_p0, %Y_p1 : memref<256x2048xf16>, memref<256x2048xf16>) : memref<256x4096xf16>
    %N_i32 = arith.index_cast %N : index to i32
    %N_f16 = arith.sitofp %N_i32 : i32 to f16
    scf.for %row = %row_start to %row_end step %c1 {
      // Pass 1: this tile's half of the row's sum of squares.
      %zero_blk = arith.constant dense<0.0> : tensor<1x1024xf16>
      %sq = scf.for %col = %col_start to %col_end step %c1024
          iter_args(%acc = %zero_blk) -> (tensor<1x1024xf16>) {
        %tx = ktdp.construct_access_tile %X_view[%row, %col] {
          access_tile_set = #blk, access_tile_order = #id
        } : memref<256x4096xf16> -> !ktdp.access_tile<1x1024xindex>
        %x = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %x2 = arith.mulf %x, %x : tensor<1x1024xf16>
        %next = arith.addf %acc, %x2 : tensor<1x1024xf16>
        scf.yield %next : tensor<1x1024xf16>
      }
      %zs = arith.constant 0.0 : f16
      %init = tensor.splat %zs : tensor<1xf16>
      %part = linalg.reduce { arith.addf } ins(%sq : tensor<1x1024xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      // All-reduce of the partial sum with the other tile of this row.
      %fut = ktdp.inter_tile_produce producer_tiles_per_group = #pairs
          -> <(tensor<1xf16>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> {
      ^bb0(%gid: index):
        ktdp.yield_partial %part : tensor<1xf16>
      }
      %zero1 = tensor.splat %zs : tensor<1xf16>
      %sum = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #pairs,
          identity(%zero1 : tensor<1xf16>)
          : <(tensor<1xf16>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> -> tensor<1xf16> {
      ^bb0(%lhs: tensor<1xf16>, %rhs: tensor<1xf16>):
        %e = tensor.empty() : tensor<1xf16>
        %s = linalg.add ins(%lhs, %rhs : tensor<1xf16>, tensor<1xf16>) outs(%e : tensor<1xf16>) -> tensor<1xf16>
        ktdp.yield_reduced %s : tensor<1xf16>
      }
      // rstd = rsqrt(sum / N + eps).
      %sum_scalar = tensor.extract %sum[%c0] : tensor<1xf16>
      %mean = arith.divf %sum_scalar, %N_f16 : f16
      %me = arith.addf %mean, %eps : f16
      %rstd = math.rsqrt %me : f16
      %rb = tensor.splat %rstd : tensor<1x1024xf16>
      // Pass 2: scale this tile's half of the row.
      scf.for %col = %col_start to %col_end step %c1024 {
        %tx = ktdp.construct_access_tile %X_view[%row, %col] {
          access_tile_set = #blk, access_tile_order = #id
        } : memref<256x4096xf16> -> !ktdp.access_tile<1x1024xindex>
        %tw = ktdp.construct_access_tile %W_view[%row, %col] {
          access_tile_set = #blk, access_tile_order = #id
        } : memref<256x4096xf16> -> !ktdp.access_tile<1x1024xindex>
        %x = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %w = ktdp.load %tw : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %xn = arith.mulf %x, %rb : tensor<1x1024xf16>
        %y = arith.mulf %xn, %w : tensor<1x1024xf16>
        %ty = ktdp.construct_access_tile %Y_view[%row, %col] {
          access_tile_set = #blk, access_tile_order = #id
        } : memref<256x4096xf16> -> !ktdp.access_tile<1x1024xindex>
        ktdp.store %y, %ty : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
      }
    }
    return
  }
}
