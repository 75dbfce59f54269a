// layernorm_fwd_ktir.mlir - Triton's fused LayerNorm forward on a 1151x8192
// f16 matrix over a [32, 1] grid: tile pid normalizes rows pid, pid + 32, ...
// (1151 rows: tiles 0-30 get 36 rows, tile 31 gets 35). Every tensor is a
// 1-D view; a row starts at row * stride. Per row three column loops of
// BLOCK-wide blocks: the mean (sum carried in iter_args), the variance of
// x - mean, and y = (x - mean) * rstd * W + B with rstd = 1 / sqrt(var + eps).
// The row's mean and rstd are stored to Mean[row] and Rstd[row].
// The Mean/Rstd stores are 2-byte parts of 128-byte words the other cores
// write too: on spyre, masked DMA writes (its MNISU's masked_writes).
// Launch: --arg stride=8192 --arg N=8192 --arg eps=0.001
#blk = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @_layer_norm_fwd_fused(%X: index, %Y: index, %W: index, %B: index,
                                   %Mean: index, %Rstd: index, %stride: index,
                                   %N: index, %eps: f16) attributes {grid = [32, 1]} {
    %pid = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %M = arith.constant 1151 : index
    %BLOCK = arith.constant 1024 : index
    %X_v = ktdp.construct_memory_view %X, sizes: [9428992], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 9428991 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<9428992xf16>
    %Y_v = ktdp.construct_memory_view %Y, sizes: [9428992], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 9428991 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<9428992xf16>
    %W_v = ktdp.construct_memory_view %W, sizes: [8192], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8192xf16>
    %B_v = ktdp.construct_memory_view %B, sizes: [8192], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8192xf16>
    %Mean_v = ktdp.construct_memory_view %Mean, sizes: [1151], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1150 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1151xf16>
    %Rstd_v = ktdp.construct_memory_view %Rstd, sizes: [1151], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1150 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1151xf16>
    %N_i32 = arith.index_cast %N : index to i32
    %N_f = arith.sitofp %N_i32 : i32 to f16
    %one = arith.constant 1.0 : f16
    scf.for %row = %pid to %M step %c32 : index {
      %row_start = arith.muli %row, %stride : index
      // mean
      %zeros = arith.constant dense<0.0> : tensor<1024xf16>
      %sum_blk = scf.for %off = %c0 to %N step %BLOCK
          iter_args(%acc = %zeros) -> tensor<1024xf16> {
        %i = arith.addi %row_start, %off : index
        %xt = ktdp.construct_access_tile %X_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<9428992xf16> -> !ktdp.access_tile<1024xindex>
        %x = ktdp.load %xt : !ktdp.access_tile<1024xindex> -> tensor<1024xf16>
        %acc_next = arith.addf %acc, %x : tensor<1024xf16>
        scf.yield %acc_next : tensor<1024xf16>
      }
      %zero = arith.constant 0.0 : f16
      %init = tensor.splat %zero : tensor<f16>
      %sum = linalg.reduce { arith.addf } ins(%sum_blk : tensor<1024xf16>)
        outs(%init : tensor<f16>) dimensions = [0]
      %sum_s = tensor.extract %sum[] : tensor<f16>
      %mean = arith.divf %sum_s, %N_f : f16
      %mean_b = tensor.splat %mean : tensor<1024xf16>
      // variance
      %var_blk = scf.for %off = %c0 to %N step %BLOCK
          iter_args(%acc = %zeros) -> tensor<1024xf16> {
        %i = arith.addi %row_start, %off : index
        %xt = ktdp.construct_access_tile %X_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<9428992xf16> -> !ktdp.access_tile<1024xindex>
        %x = ktdp.load %xt : !ktdp.access_tile<1024xindex> -> tensor<1024xf16>
        %d = arith.subf %x, %mean_b : tensor<1024xf16>
        %d2 = arith.mulf %d, %d : tensor<1024xf16>
        %acc_next = arith.addf %acc, %d2 : tensor<1024xf16>
        scf.yield %acc_next : tensor<1024xf16>
      }
      %vsum = linalg.reduce { arith.addf } ins(%var_blk : tensor<1024xf16>)
        outs(%init : tensor<f16>) dimensions = [0]
      %vsum_s = tensor.extract %vsum[] : tensor<f16>
      %var = arith.divf %vsum_s, %N_f : f16
      %ve = arith.addf %var, %eps : f16
      %sd = math.sqrt %ve : f16
      %rstd = arith.divf %one, %sd : f16
      %mean_t = tensor.splat %mean : tensor<1xf16>
      %rstd_t = tensor.splat %rstd : tensor<1xf16>
      %mt = ktdp.construct_access_tile %Mean_v[%row] {
        access_tile_set = #one, access_tile_order = #id1
      } : memref<1151xf16> -> !ktdp.access_tile<1xindex>
      ktdp.store %mean_t, %mt : tensor<1xf16>, !ktdp.access_tile<1xindex>
      %rt = ktdp.construct_access_tile %Rstd_v[%row] {
        access_tile_set = #one, access_tile_order = #id1
      } : memref<1151xf16> -> !ktdp.access_tile<1xindex>
      ktdp.store %rstd_t, %rt : tensor<1xf16>, !ktdp.access_tile<1xindex>
      // normalize
      %rstd_b = tensor.splat %rstd : tensor<1024xf16>
      scf.for %off = %c0 to %N step %BLOCK {
        %i = arith.addi %row_start, %off : index
        %xt = ktdp.construct_access_tile %X_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<9428992xf16> -> !ktdp.access_tile<1024xindex>
        %wt = ktdp.construct_access_tile %W_v[%off] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<8192xf16> -> !ktdp.access_tile<1024xindex>
        %bt = ktdp.construct_access_tile %B_v[%off] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<8192xf16> -> !ktdp.access_tile<1024xindex>
        %x = ktdp.load %xt : !ktdp.access_tile<1024xindex> -> tensor<1024xf16>
        %w = ktdp.load %wt : !ktdp.access_tile<1024xindex> -> tensor<1024xf16>
        %b = ktdp.load %bt : !ktdp.access_tile<1024xindex> -> tensor<1024xf16>
        %xc = arith.subf %x, %mean_b : tensor<1024xf16>
        %xn = arith.mulf %xc, %rstd_b : tensor<1024xf16>
        %xw = arith.mulf %xn, %w : tensor<1024xf16>
        %y = arith.addf %xw, %b : tensor<1024xf16>
        %yt = ktdp.construct_access_tile %Y_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<9428992xf16> -> !ktdp.access_tile<1024xindex>
        ktdp.store %y, %yt : tensor<1024xf16>, !ktdp.access_tile<1024xindex>
      }
      scf.yield
    }
    return
  }
}
