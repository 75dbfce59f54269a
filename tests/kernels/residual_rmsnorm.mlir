// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg eps=0.001
// residual_rmsnorm.mlir - the fused residual add + RMSNorm of a transformer
// block: H = X + R is written back (second output) and Y = H * rsqrt(mean(H^2)
// + eps) * W, over 4x128 f16 rows on a grid of 2 tiles (tile t: rows t,
// t+2). The mean divides by a constant 128; W is one row shared by all.
// The sum of squares is a reduction of 2 lane-wide chunks with the x * x
// fused into its body: ktc-codegen folds such a short row only when it is
// reduced as received, so ktc-nest's reductions transformation takes it
// (it left rows under 33 chunks to ktc-codegen, which refused the 128-wide
// x * x).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @residual_rmsnorm(%x: index, %r: index, %w: index, %h: index, %y: index, %eps: f16) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 128], strides: [128, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x128xf16>
    %R = ktdp.construct_memory_view %r, sizes: [4, 128], strides: [128, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x128xf16>
    %W = ktdp.construct_memory_view %w, sizes: [1, 128], strides: [128, 1] {coordinate_set = #blk, memory_space = #ktdp.memory_space<global>} : memref<1x128xf16>
    %H = ktdp.construct_memory_view %h, sizes: [4, 128], strides: [128, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x128xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 128], strides: [128, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x128xf16>
    %tw = ktdp.construct_access_tile %W[%c0, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<1x128xf16> -> !ktdp.access_tile<1x128xindex>
    scf.for %i = %tile to %c4 step %c2 {
      %tx = ktdp.construct_access_tile %X[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<1x128xindex>
      %tr = ktdp.construct_access_tile %R[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<1x128xindex>
      %th = ktdp.construct_access_tile %H[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<1x128xindex>
      %ty = ktdp.construct_access_tile %Y[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<1x128xindex>
      %vx = ktdp.load %tx : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
      %vr = ktdp.load %tr : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
      %vh = arith.addf %vx, %vr : tensor<1x128xf16>
      ktdp.store %vh, %th : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
      %sq = arith.mulf %vh, %vh : tensor<1x128xf16>
      %zs = arith.constant 0.0 : f16
      %init = tensor.splat %zs : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%sq : tensor<1x128xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %s = tensor.extract %sum[%c0] : tensor<1xf16>
      %n = arith.constant 128.0 : f16
      %mean = arith.divf %s, %n : f16
      %me = arith.addf %mean, %eps : f16
      %rstd = math.rsqrt %me : f16
      %rb = tensor.splat %rstd : tensor<1x128xf16>
      %vw = ktdp.load %tw : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
      %nv = arith.mulf %vh, %rb : tensor<1x128xf16>
      %o = arith.mulf %nv, %vw : tensor<1x128xf16>
      ktdp.store %o, %ty : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
    }
    return
  }
}
