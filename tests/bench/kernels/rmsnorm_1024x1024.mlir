// rmsnorm_1024x1024.mlir - Y = X * rsqrt(mean(X^2) + eps) * W over a 1024x1024
// f16 matrix, W one row of 1024 shared by every row, on a grid of 4 cores, 256
// contiguous rows each (rmsnorm_4096x1024 on few cores). Per row the sum of
// squares accumulates over four 256-wide column blocks in a carried tensor, is
// reduced to one element and turned into rstd; a second loop scales the row
// block by block.
// Launch: --arg n=1024 --arg eps=0.001
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rmsnorm(%x: index, %w: index, %y: index, %n: index, %eps: f16) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %per = arith.constant 256 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [1024, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1024x1024xf16>
    %W = ktdp.construct_memory_view %w, sizes: [1, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x1024xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1024, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1024x1024xf16>
    scf.for %row = %rows to %end step %c1 {
      %zero = arith.constant dense<0.0> : tensor<1x256xf16>
      %sq = scf.for %col = %c0 to %c1024 step %c256 iter_args(%acc = %zero) -> (tensor<1x256xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1024x1024xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %v2 = arith.mulf %v, %v : tensor<1x256xf16>
        %next = arith.addf %acc, %v2 : tensor<1x256xf16>
        scf.yield %next : tensor<1x256xf16>
      }
      %zs = arith.constant 0.0 : f16
      %init = tensor.splat %zs : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%sq : tensor<1x256xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %s = tensor.extract %sum[%c0] : tensor<1xf16>
      %n32 = arith.index_cast %n : index to i32
      %nf = arith.sitofp %n32 : i32 to f16
      %mean = arith.divf %s, %nf : f16
      %me = arith.addf %mean, %eps : f16
      %rstd = math.rsqrt %me : f16
      %rb = tensor.splat %rstd : tensor<1x256xf16>
      scf.for %col = %c0 to %c1024 step %c256 {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1024x1024xf16> -> !ktdp.access_tile<1x256xindex>
        %tw = ktdp.construct_access_tile %W[%c0, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1x1024xf16> -> !ktdp.access_tile<1x256xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1024x1024xf16> -> !ktdp.access_tile<1x256xindex>
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
