// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg eps=0.001
// rmsnorm_2x5120.mlir - rmsnorm of 2 rows of 5120 f16 (a hidden size) on a
// grid of 2: 80 chunks = 16 x 5; the levels fold 80 -> 10 -> 5 chunks,
// ktc-codegen the 320 partials left (5 pieces, half of them held).
module {
  func.func @rmsnorm_2x5120(%x: index, %w: index, %y: index, %eps: f16) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 1 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 5120], strides: [5120, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 5119 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x5120xf16>
    %W = ktdp.construct_memory_view %w, sizes: [1, 5120], strides: [5120, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 5119 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x5120xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 5120], strides: [5120, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 5119 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x5120xf16>
    %tw = ktdp.construct_access_tile %W[%c0, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 5119 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<1x5120xf16> -> !ktdp.access_tile<1x5120xindex>
    %wv = ktdp.load %tw : !ktdp.access_tile<1x5120xindex> -> tensor<1x5120xf16>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 5119 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x5120xf16> -> !ktdp.access_tile<1x5120xindex>
      %xv = ktdp.load %tx : !ktdp.access_tile<1x5120xindex> -> tensor<1x5120xf16>
      %sq = arith.mulf %xv, %xv : tensor<1x5120xf16>
      %zero = arith.constant 0.0 : f16
      %sinit = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%sq : tensor<1x5120xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf16>
      %nf = arith.constant 5120.0 : f16
      %mean = arith.divf %ss, %nf : f16
      %me = arith.addf %mean, %eps : f16
      %r = math.rsqrt %me : f16
      %rb = tensor.splat %r : tensor<1x5120xf16>
      %y1 = arith.mulf %xv, %rb : tensor<1x5120xf16>
      %yv = arith.mulf %y1, %wv : tensor<1x5120xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 5119 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x5120xf16> -> !ktdp.access_tile<1x5120xindex>
      ktdp.store %yv, %ty : tensor<1x5120xf16>, !ktdp.access_tile<1x5120xindex>
    }
    return
  }
}
