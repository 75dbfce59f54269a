// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg eps=0.001
// rmsnorm_4x768.mlir - Y = X * rsqrt(mean(X^2) + eps) * W over 4 rows of 768
// f16 on a grid of 2 cores: 12 chunks of the 64 lanes = 4 x 3, whose half
// ktc-codegen holds: the row stays whole (no levels), ktc-lower leaves it and
// its x * x unsplit (12 pieces, not a power of two), and ktc-codegen squares
// each piece as received, folding the 768 squares in ktc-interp's pairwise
// order in registers.
module {
  func.func @rmsnorm_4x768(%x: index, %w: index, %y: index, %eps: f16) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 2 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 768], strides: [768, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x768xf16>
    %W = ktdp.construct_memory_view %w, sizes: [1, 768], strides: [768, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x768xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 768], strides: [768, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x768xf16>
    %tw = ktdp.construct_access_tile %W[%c0, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<1x768xf16> -> !ktdp.access_tile<1x768xindex>
    %wv = ktdp.load %tw : !ktdp.access_tile<1x768xindex> -> tensor<1x768xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x768xf16> -> !ktdp.access_tile<1x768xindex>
      %xv = ktdp.load %tx : !ktdp.access_tile<1x768xindex> -> tensor<1x768xf16>
      %sq = arith.mulf %xv, %xv : tensor<1x768xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%sq : tensor<1x768xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %nf = arith.constant 768.0 : f16
      %mean = arith.divf %ss, %nf : f16
      %me = arith.addf %mean, %eps : f16
      %r = math.rsqrt %me : f16
      %rb = tensor.splat %r : tensor<1x768xf16>
      %y1 = arith.mulf %xv, %rb : tensor<1x768xf16>
      %yv = arith.mulf %y1, %wv : tensor<1x768xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x768xf16> -> !ktdp.access_tile<1x768xindex>
      ktdp.store %yv, %ty : tensor<1x768xf16>, !ktdp.access_tile<1x768xindex>
    }
    return
  }
}
