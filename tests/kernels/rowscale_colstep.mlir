// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg BS=1024 --arg eps=0.001
// LAUNCH: --arg BS=2048 --arg eps=0.001
// rowscale_colstep.mlir - Y = X * rsqrt(mean(X^2) + eps) per row of a
// 256x4096 f16 matrix on a [4, 1] grid (rows 64 pid .. 64 pid + 63), each
// row walked twice by a column loop stepping by the launch argument BS over
// 1024-wide blocks (BS = 1024 covers the row, 2048 every other block), as
// Triton passes BLOCK_SIZE: the sum of squares, then the scaling. ktc-nest's
// resident-rows keeps the row's blocks for the second pass (sched/nest.h,
// tests/passes/nest/resident_rows_colstep.mlir).
#tensor_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#blk_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#identity = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rowscale(%X: index, %Y: index, %eps: f16, %BS: index) attributes {grid = [4, 1]} {
    %pid = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c4096 = arith.constant 4096 : index
    %row_start = arith.muli %pid, %c64 : index
    %row_end = arith.addi %row_start, %c64 : index
    %X_view = ktdp.construct_memory_view %X, sizes: [256, 4096], strides: [4096, 1] {
      coordinate_set = #tensor_set, memory_space = #ktdp.memory_space<global>
    } : memref<256x4096xf16>
    %Y_view = ktdp.construct_memory_view %Y, sizes: [256, 4096], strides: [4096, 1] {
      coordinate_set = #tensor_set, memory_space = #ktdp.memory_space<global>
    } : memref<256x4096xf16>
    scf.for %row = %row_start to %row_end step %c1 : index {
      %zero_block = arith.constant dense<0.0> : tensor<1x1024xf16>
      %sq_acc = scf.for %col = %c0 to %c4096 step %BS
          iter_args(%acc = %zero_block) -> tensor<1x1024xf16> {
        %X_acc = ktdp.construct_access_tile %X_view[%row, %col] {
          access_tile_set = #blk_set, access_tile_order = #identity
        } : memref<256x4096xf16> -> !ktdp.access_tile<1x1024xindex>
        %x = ktdp.load %X_acc : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %x_sq = arith.mulf %x, %x : tensor<1x1024xf16>
        %acc_next = arith.addf %acc, %x_sq : tensor<1x1024xf16>
        scf.yield %acc_next : tensor<1x1024xf16>
      }
      %zero_scalar = arith.constant 0.0 : f16
      %reduce_init = tensor.splat %zero_scalar : tensor<1xf16>
      %sum_sq = linalg.reduce { arith.addf }
          ins(%sq_acc : tensor<1x1024xf16>)
          outs(%reduce_init : tensor<1xf16>)
          dimensions = [1]
      %sum_scalar = tensor.extract %sum_sq[%c0] : tensor<1xf16>
      %n_f16 = arith.constant 4096.0 : f16
      %mean_sq = arith.divf %sum_scalar, %n_f16 : f16
      %mean_sq_eps = arith.addf %mean_sq, %eps : f16
      %rstd = math.rsqrt %mean_sq_eps : f16
      %rstd_block = tensor.splat %rstd : tensor<1x1024xf16>
      scf.for %col = %c0 to %c4096 step %BS {
        %X_acc2 = ktdp.construct_access_tile %X_view[%row, %col] {
          access_tile_set = #blk_set, access_tile_order = #identity
        } : memref<256x4096xf16> -> !ktdp.access_tile<1x1024xindex>
        %x2 = ktdp.load %X_acc2 : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %y = arith.mulf %x2, %rstd_block : tensor<1x1024xf16>
        %Y_acc = ktdp.construct_access_tile %Y_view[%row, %col] {
          access_tile_set = #blk_set, access_tile_order = #identity
        } : memref<256x4096xf16> -> !ktdp.access_tile<1x1024xindex>
        ktdp.store %y, %Y_acc : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
      }
    }
    return
  }
}
