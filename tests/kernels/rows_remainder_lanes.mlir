// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// LAUNCH: --arg eps=0.001
// rows_remainder_lanes.mlir - layernorm_fwd_rows.mlir's mean pass, then
// y = x - mean + b: 71 rows of 1024 f16 over a [32, 1] grid (tiles 0-6
// three rows, the others two), a row's sum carried over its 256-wide
// blocks. ktc-nest takes tiles of 2 rows and a remainder loop of at most
// one: register-folds keeps the tiles' sums in registers but still stores
// the accumulator, the sum and the mean (the remainder reads the buffers),
// in a stage left whole, on corelet 0; the remainder zeroes the
// accumulator in a stage split over both corelets. The L1SU of corelet 1
// zeroed its half before the L1SU of corelet 0 had stored the last tile's
// sums there (a unit kind's program orders nothing across its corelets):
// the remainder rows came out wrong on sample (on spyre too with
// --tile-sizes=2 for layernorm_fwd_rows). ktc-lower now
// has the SFU feeding the split stores wait for the whole stage's L1SU.
#blk = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @layer_norm_rows(%X: index, %Y: index, %W: index, %B: index,
                             %eps: f16) attributes {grid = [32, 1]} {
    %pid = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %N = arith.constant 1024 : index
    %stride = arith.constant 1024 : index
    %c32 = arith.constant 32 : index
    %M = arith.constant 71 : index
    %BLOCK = arith.constant 256 : index
    %X_v = ktdp.construct_memory_view %X, sizes: [72704], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 72703 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<72704xf16>
    %Y_v = ktdp.construct_memory_view %Y, sizes: [72704], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 72703 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<72704xf16>
    %W_v = ktdp.construct_memory_view %W, sizes: [1024], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1024xf16>
    %B_v = ktdp.construct_memory_view %B, sizes: [1024], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1024xf16>
    %N_i32 = arith.index_cast %N : index to i32
    %N_f = arith.sitofp %N_i32 : i32 to f16
    %one = arith.constant 1.0 : f16
    scf.for %row = %pid to %M step %c32 : index {
      %row_start = arith.muli %row, %stride : index
      // mean
      %zeros = arith.constant dense<0.0> : tensor<256xf16>
      %sum_blk = scf.for %off = %c0 to %N step %BLOCK
          iter_args(%acc = %zeros) -> tensor<256xf16> {
        %i = arith.addi %row_start, %off : index
        %xt = ktdp.construct_access_tile %X_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<72704xf16> -> !ktdp.access_tile<256xindex>
        %x = ktdp.load %xt : !ktdp.access_tile<256xindex> -> tensor<256xf16>
        %acc_next = arith.addf %acc, %x : tensor<256xf16>
        scf.yield %acc_next : tensor<256xf16>
      }
      %zero = arith.constant 0.0 : f16
      %init = tensor.splat %zero : tensor<f16>
      %sum = linalg.reduce { arith.addf } ins(%sum_blk : tensor<256xf16>)
        outs(%init : tensor<f16>) dimensions = [0]
      %sum_s = tensor.extract %sum[] : tensor<f16>
      %mean = arith.divf %sum_s, %N_f : f16
      %mean_b = tensor.splat %mean : tensor<256xf16>
      // normalize
      scf.for %off = %c0 to %N step %BLOCK {
        %i = arith.addi %row_start, %off : index
        %xt = ktdp.construct_access_tile %X_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<72704xf16> -> !ktdp.access_tile<256xindex>
        %wt = ktdp.construct_access_tile %W_v[%off] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<1024xf16> -> !ktdp.access_tile<256xindex>
        %bt = ktdp.construct_access_tile %B_v[%off] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<1024xf16> -> !ktdp.access_tile<256xindex>
        %x = ktdp.load %xt : !ktdp.access_tile<256xindex> -> tensor<256xf16>
        %b = ktdp.load %bt : !ktdp.access_tile<256xindex> -> tensor<256xf16>
        %xc = arith.subf %x, %mean_b : tensor<256xf16>
        %y = arith.addf %xc, %b : tensor<256xf16>
        %yt = ktdp.construct_access_tile %Y_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<72704xf16> -> !ktdp.access_tile<256xindex>
        ktdp.store %y, %yt : tensor<256xf16>, !ktdp.access_tile<256xindex>
      }
      scf.yield
    }
    return
  }
}
