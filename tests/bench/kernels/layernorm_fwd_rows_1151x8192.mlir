// layernorm_fwd_rows_1151x8192.mlir - tests/bench/kernels/layernorm_fwd_ktir.mlir
// without its Mean/Rstd stores and with N and the row stride constants
// (8192): Triton's fused LayerNorm forward row structure on 1151x8192 f16
// over a [32, 1] grid, rows pid, pid + 32, ... (35 or 36 per core), 1-D
// views, three 1024-wide column loops per row (mean, variance, normalize),
// rstd = 1 / sqrt(var + eps). ktc-nest tiles the rows (a dynamic trip
// count: whole tiles and a remainder loop whose column loops are nests).
// Launch: --arg eps=0.001
#blk = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @layer_norm_rows(%X: index, %Y: index, %W: index, %B: index,
                             %eps: f16) attributes {grid = [32, 1]} {
    %pid = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %N = arith.constant 8192 : index
    %stride = arith.constant 8192 : index
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
