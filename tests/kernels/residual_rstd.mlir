// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// DEVICES: sample spyre
// LAUNCH: --arg eps=0.001
// residual_rstd.mlir - the statistic a fused residual RMSNorm saves for its
// backward, alone: RSTD[r] = rsqrt(mean((X[r] + R[r])^2) + eps) per row of
// 4x2048 f16 matrices on one core (on several, the sample device refuses
// the rows' elements sharing a DMA word: path_expand/err_shared_word). Fused into the sum, x + r would make one
// reduction read two rows of 32 lane-wide chunks each, more than the
// registers hold and more than ktc-nest's reductions or ktc-codegen's
// streamed reduction take (one row): ktc-split keeps the add apart, its
// row written to the scratchpad piece by piece and the sum reading that
// one row (before: "a vector of 2048 f16 is wider than the 64 f16 lanes").
// The one-element stores are read-modify-writes of their DMA words on the
// sample device.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @residual_rstd(%x: index, %r: index, %rstd: index, %eps: f16) attributes {grid = [1]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %start = arith.muli %tile, %c4 : index
    %end = arith.addi %start, %c4 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 2048], strides: [2048, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x2048xf16>
    %R = ktdp.construct_memory_view %r, sizes: [4, 2048], strides: [2048, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x2048xf16>
    %S = ktdp.construct_memory_view %rstd, sizes: [4], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4xf16>
    scf.for %i = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%i, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x2048xf16> -> !ktdp.access_tile<1x2048xindex>
      %tr = ktdp.construct_access_tile %R[%i, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x2048xf16> -> !ktdp.access_tile<1x2048xindex>
      %vx = ktdp.load %tx : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
      %vr = ktdp.load %tr : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
      %h = arith.addf %vx, %vr : tensor<1x2048xf16>
      %sq = arith.mulf %h, %h : tensor<1x2048xf16>
      %zero = arith.constant 0.0 : f16
      %init = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%sq : tensor<1x2048xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %s = tensor.extract %sum[%c0] : tensor<1xf16>
      %n = arith.constant 2048.0 : f16
      %mean = arith.divf %s, %n : f16
      %me = arith.addf %mean, %eps : f16
      %rs = math.rsqrt %me : f16
      %rv = tensor.splat %rs : tensor<1xf16>
      %ts = ktdp.construct_access_tile %S[%i] {access_tile_set = #one, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<1xindex>
      ktdp.store %rv, %ts : tensor<1xf16>, !ktdp.access_tile<1xindex>
    }
    return
  }
}
