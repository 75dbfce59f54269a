// RUN: ktc-split | ktc-path-expand | ktc-allocate
// PARSE: --device=sample
// A KTIR kernel too big for the sample device: sum(exp(x - max(x)) * w)
// over rows of 393216 f16 values (768 KiB each). Each data tile fits the
// 1 MiB L1 (ktc-split refuses one that does not), but x is kept whole in
// L1 for its max and its exponentials, and another row's staging buffer
// cannot fit beside it: a located error in the kernel (where ktc-split
// places the transfer), naming the buffer, its size and the capacity. (Its
// first form, the sum of x * w, now compiles: the product is kept apart
// from the sum, one row at a time, split_linalg.c's wide_inputs.)
module {
  func.func @row_sum(%x: index, %w: index, %y: index) attributes {grid = [1]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %W = ktdp.construct_memory_view %w, sizes: [2, 393216], strides: [393216, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 393215 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x393216xf16>
    %X = ktdp.construct_memory_view %x, sizes: [2, 393216], strides: [393216, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 393215 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x393216xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 1], strides: [1, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x1xf16>
    %tx = ktdp.construct_access_tile %X[%tile, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 393215 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x393216xf16> -> !ktdp.access_tile<1x393216xindex>
    %tw = ktdp.construct_access_tile %W[%tile, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 393215 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x393216xf16> -> !ktdp.access_tile<1x393216xindex>
    %ty = ktdp.construct_access_tile %Y[%tile, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x1xf16> -> !ktdp.access_tile<1x1xindex>
    %u = ktdp.load %tx : !ktdp.access_tile<1x393216xindex> -> tensor<1x393216xf16>
    %w2 = ktdp.load %tw : !ktdp.access_tile<1x393216xindex> -> tensor<1x393216xf16>
    %ninf = arith.constant 0xFC00 : f16
    %max0 = tensor.splat %ninf : tensor<1xf16>
    %max = linalg.reduce { arith.maxnumf } ins(%u : tensor<1x393216xf16>) outs(%max0 : tensor<1xf16>) dimensions = [1]
    %m = tensor.extract %max[%c0] : tensor<1xf16>
    %mb = tensor.splat %m : tensor<1x393216xf16>
    %d = arith.subf %u, %mb : tensor<1x393216xf16>
    %e = math.exp %d : tensor<1x393216xf16>
    %v = arith.mulf %e, %w2 : tensor<1x393216xf16>
    %zero = arith.constant 0.0 : f16
    %sum0 = tensor.splat %zero : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%v : tensor<1x393216xf16>) outs(%sum0 : tensor<1xf16>) dimensions = [1]
    %s = tensor.expand_shape %sum [[0, 1]] output_shape [1, 1] : tensor<1xf16> into tensor<1x1xf16>
    ktdp.store %s, %ty : tensor<1x1xf16>, !ktdp.access_tile<1x1xindex>
    return
  }
}
