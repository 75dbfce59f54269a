// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower
// PARSE: --device=spyre
// rmsnorm_weight_8x2048.mlir - an RMSNorm times a weight at decode's shape:
// 8 rows of 2048 f16 on a grid of 4, 2 rows a core, y = x * rsqrt(mean(x^2)
// + eps) * w. ktc-nest moves w's load out of the tile loop (broadcast), and
// late-prologue puts it back in the tile loop's pipeline as a stage after
// the row's load, run in the loop's first iteration alone (scf.for %first
// = %t to 1): the MNILU issues the first row's DMA, then w's, and the first
// pass starts as its row lands; only the second pass waits for w (its
// sync_recv inside the point loop of one trip) and nothing holds the next
// row's load back for w's buffer (no credit for it). spyre: 800 -> 742
// cycles; sample 2165 -> 2099.
module {
  func.func @rmsnorm_weight_8x2048(%x: index, %w: index, %y: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 2 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 2048], strides: [2048, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x2048xf16>
    %W = ktdp.construct_memory_view %w, sizes: [2048], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 2047 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2048xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 2048], strides: [2048, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x2048xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<8x2048xf16> -> !ktdp.access_tile<1x2048xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
      %tw = ktdp.construct_access_tile %W[%c0] {
        access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 2047 >= 0)>,
        access_tile_order = affine_map<(d0) -> (d0)>
      } : memref<2048xf16> -> !ktdp.access_tile<2048xindex>
      %wv = ktdp.load %tw : !ktdp.access_tile<2048xindex> -> tensor<2048xf16>
      %v2 = arith.mulf %v, %v : tensor<1x2048xf16>
      %zero = arith.constant 0.0 : f16
      %init = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%v2 : tensor<1x2048xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %s = tensor.extract %sum[%c0] : tensor<1xf16>
      %nf = arith.constant 2048.0 : f16
      %mean = arith.divf %s, %nf : f16
      %eps = arith.constant 0.001 : f16
      %me = arith.addf %mean, %eps : f16
      %rstd = math.rsqrt %me : f16
      %rb = tensor.splat %rstd : tensor<1x2048xf16>
      %o = arith.mulf %v, %rb : tensor<1x2048xf16>
      %e = tensor.empty() : tensor<1x2048xf16>
      %ow = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%o, %wv : tensor<1x2048xf16>, tensor<2048xf16>) outs(%e : tensor<1x2048xf16>) {
      ^bb0(%a: f16, %b: f16, %out: f16):
        %m = arith.mulf %a, %b : f16
        linalg.yield %m : f16
      } -> tensor<1x2048xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<8x2048xf16> -> !ktdp.access_tile<1x2048xindex>
      ktdp.store %ow, %ty : tensor<1x2048xf16>, !ktdp.access_tile<1x2048xindex>
    }
    return
  }
}
