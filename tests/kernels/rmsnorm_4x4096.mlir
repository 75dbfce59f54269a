// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// rmsnorm_4x4096.mlir - Y = X * rsqrt(mean(X^2) + eps) over the rows of a
// 4x4096 f16 matrix on a grid of 2 cores, 2 row(s) each: the sum of
// squares of a row is one reduction 64 times wider than the 64 f16
// lanes (ktc-nest's reductions transformation streams it).
module {
  func.func @rmsnorm_4x4096(%x: index, %y: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 2 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 4096], strides: [4096, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 4095 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x4096xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 4096], strides: [4096, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 4095 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x4096xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 4095 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x4096xf16> -> !ktdp.access_tile<1x4096xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
      %v2 = arith.mulf %v, %v : tensor<1x4096xf16>
      %zero = arith.constant 0.0 : f16
      %init = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%v2 : tensor<1x4096xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %s = tensor.extract %sum[%c0] : tensor<1xf16>
      %nf = arith.constant 4096.0 : f16
      %mean = arith.divf %s, %nf : f16
      %eps = arith.constant 0.001 : f16
      %me = arith.addf %mean, %eps : f16
      %rstd = math.rsqrt %me : f16
      %rb = tensor.splat %rstd : tensor<1x4096xf16>
      %o = arith.mulf %v, %rb : tensor<1x4096xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 4095 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x4096xf16> -> !ktdp.access_tile<1x4096xindex>
      ktdp.store %o, %ty : tensor<1x4096xf16>, !ktdp.access_tile<1x4096xindex>
    }
    return
  }
}
