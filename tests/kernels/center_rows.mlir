// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg stride=4096 --arg N=4096
// LAUNCH: --arg stride=4096 --arg N=1024
// LAUNCH: --arg stride=4096 --arg N=768
// center_rows.mlir - y = x - mean(x) per row of a 64x4096 f16 matrix over a
// [32, 1] grid (rows pid, pid + 32), the row's width N and stride launch
// arguments: two column loops of 256-wide blocks. On spyre the 32 cores
// share the device memory's bandwidth, and resident-rows keeps the row in
// the scratchpad between the passes (sched/nest.h); N = 768 leaves a
// remainder block after the whole tiles.
#blk = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @center(%X: index, %Y: index, %stride: index, %N: index) attributes {grid = [32, 1]} {
    %pid = ktdp.get_compute_tile_id : index
    %c32 = arith.constant 32 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %M = arith.constant 64 : index
    %BLOCK = arith.constant 256 : index
    %X_v = ktdp.construct_memory_view %X, sizes: [262144], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 262143 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<262144xf16>
    %Y_v = ktdp.construct_memory_view %Y, sizes: [262144], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 262143 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<262144xf16>
    %N_i32 = arith.index_cast %N : index to i32
    %N_f = arith.sitofp %N_i32 : i32 to f16
    scf.for %row = %pid to %M step %c32 : index {
      %row_start = arith.muli %row, %stride : index
      %zeros = arith.constant dense<0.0> : tensor<256xf16>
      %sum_blk = scf.for %off = %c0 to %N step %BLOCK
          iter_args(%acc = %zeros) -> tensor<256xf16> {
        %i = arith.addi %row_start, %off : index
        %xt = ktdp.construct_access_tile %X_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<262144xf16> -> !ktdp.access_tile<256xindex>
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
      scf.for %off = %c0 to %N step %BLOCK {
        %i = arith.addi %row_start, %off : index
        %xt = ktdp.construct_access_tile %X_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<262144xf16> -> !ktdp.access_tile<256xindex>
        %x = ktdp.load %xt : !ktdp.access_tile<256xindex> -> tensor<256xf16>
        %y = arith.subf %x, %mean_b : tensor<256xf16>
        %yt = ktdp.construct_access_tile %Y_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<262144xf16> -> !ktdp.access_tile<256xindex>
        ktdp.store %y, %yt : tensor<256xf16>, !ktdp.access_tile<256xindex>
      }
      scf.yield
    }
    return
  }
}
