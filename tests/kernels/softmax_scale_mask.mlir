// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg scale=0.125
// softmax_scale_mask.mlir - attention-score softmax Y = softmax(X * scale +
// M) along the rows of a 4x64 f16 matrix, scale a launch-time f16 argument
// and M an additive mask of the same shape, on a grid of 4 tiles (one row
// each).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @softmax_scale_mask(%x: index, %m: index, %y: index, %scale: f16) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %M = ktdp.construct_memory_view %m, sizes: [4, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %tx = ktdp.construct_access_tile %X[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %tm = ktdp.construct_access_tile %M[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %mv = ktdp.load %tm : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %sb = tensor.splat %scale : tensor<1x64xf16>
    %xs = arith.mulf %v, %sb : tensor<1x64xf16>
    %xm = arith.addf %xs, %mv : tensor<1x64xf16>
    %ninf = arith.constant 0xFC00 : f16
    %max0 = tensor.splat %ninf : tensor<1xf16>
    %max = linalg.reduce { arith.maximumf } ins(%xm : tensor<1x64xf16>) outs(%max0 : tensor<1xf16>) dimensions = [1]
    %mx = tensor.extract %max[%c0] : tensor<1xf16>
    %mrow = tensor.splat %mx : tensor<1x64xf16>
    %sh = arith.subf %xm, %mrow : tensor<1x64xf16>
    %e = math.exp %sh : tensor<1x64xf16>
    %zero = arith.constant 0.0 : f16
    %sum0 = tensor.splat %zero : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x64xf16>) outs(%sum0 : tensor<1xf16>) dimensions = [1]
    %s = tensor.extract %sum[%c0] : tensor<1xf16>
    %srow = tensor.splat %s : tensor<1x64xf16>
    %out = arith.divf %e, %srow : tensor<1x64xf16>
    ktdp.store %out, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
