// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg stride=4096 --arg N=4096
// LAUNCH: --arg stride=4096 --arg N=1024
// LAUNCH: --arg stride=4096 --arg N=768
// index_center_rows.mlir - center_rows.mlir on f32 with a linalg.index mask on
// the first pass's blocks (x where j <= 3 row + 100 in each 256-column block,
// -inf elsewhere; row the row loop's IV): ktc-nest sinks, tiles, coarsens,
// splits remainder nests and keeps the row resident (resident-rows) with
// the mask's captured row and column origins carried.
#blk = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @index_center_rows(%X: index, %Y: index, %stride: index, %N: index) attributes {grid = [32, 1]} {
    %pid = ktdp.get_compute_tile_id : index
    %c32 = arith.constant 32 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %M = arith.constant 64 : index
    %BLOCK = arith.constant 256 : index
    %X_v = ktdp.construct_memory_view %X, sizes: [262144], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 262143 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<262144xf32>
    %Y_v = ktdp.construct_memory_view %Y, sizes: [262144], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 262143 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<262144xf32>
    %N_i32 = arith.index_cast %N : index to i32
    %N_f = arith.sitofp %N_i32 : i32 to f32
    scf.for %row = %pid to %M step %c32 : index {
      %row_start = arith.muli %row, %stride : index
      %zeros = arith.constant dense<0.0> : tensor<256xf32>
      %sum_blk = scf.for %off = %c0 to %N step %BLOCK
          iter_args(%acc = %zeros) -> tensor<256xf32> {
        %i = arith.addi %row_start, %off : index
        %xt = ktdp.construct_access_tile %X_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<262144xf32> -> !ktdp.access_tile<256xindex>
        %x = ktdp.load %xt : !ktdp.access_tile<256xindex> -> tensor<256xf32>
        %mk_e = tensor.empty() : tensor<256xf32>
        %mk_ninf = arith.constant 0xFF800000 : f32
        %mk_f = arith.constant 3 : index
        %mk_c = arith.constant 100 : index
        %mk_l0 = arith.muli %row, %mk_f : index
        %vmask = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<256xf32>) outs(%mk_e : tensor<256xf32>) {
        ^bb0(%mk_a: f32, %mk_o: f32):
          %mk_j = linalg.index 0 : index
          %mk_l = arith.addi %mk_l0, %mk_c : index
          %mk_ok = arith.cmpi sle, %mk_j, %mk_l : index
          %mk_s = arith.select %mk_ok, %mk_a, %mk_ninf : f32
          linalg.yield %mk_s : f32
        } -> tensor<256xf32>
        %acc_next = arith.addf %acc, %vmask : tensor<256xf32>
        scf.yield %acc_next : tensor<256xf32>
      }
      %zero = arith.constant 0.0 : f32
      %init = tensor.splat %zero : tensor<f32>
      %sum = linalg.reduce { arith.addf } ins(%sum_blk : tensor<256xf32>)
        outs(%init : tensor<f32>) dimensions = [0]
      %sum_s = tensor.extract %sum[] : tensor<f32>
      %mean = arith.divf %sum_s, %N_f : f32
      %mean_b = tensor.splat %mean : tensor<256xf32>
      scf.for %off = %c0 to %N step %BLOCK {
        %i = arith.addi %row_start, %off : index
        %xt = ktdp.construct_access_tile %X_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<262144xf32> -> !ktdp.access_tile<256xindex>
        %vmask = ktdp.load %xt : !ktdp.access_tile<256xindex> -> tensor<256xf32>
        %y = arith.subf %vmask, %mean_b : tensor<256xf32>
        %yt = ktdp.construct_access_tile %Y_v[%i] {
          access_tile_set = #blk, access_tile_order = #id1
        } : memref<262144xf32> -> !ktdp.access_tile<256xindex>
        ktdp.store %y, %yt : tensor<256xf32>, !ktdp.access_tile<256xindex>
      }
      scf.yield
    }
    return
  }
}
