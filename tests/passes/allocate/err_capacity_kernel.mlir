// RUN: ktc-split | ktc-path-expand | ktc-allocate
// PARSE: --device=sample
// A KTIR kernel too big for the sample device: each tile sums the products
// of two rows of 393216 f16 values (768 KiB each). Each data tile fits the
// 1 MiB L1 (ktc-split refuses one that does not), but the split keeps the
// reduction dimension whole in one tile, so the two rows' L1 staging
// buffers cannot both fit: a located error in the kernel (where ktc-split
// places the second row's transfer), naming the buffer, its size and the
// capacity.
module {
  func.func @row_sum(%x: index, %w: index, %y: index) attributes {grid = [2]} {
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
    %v = arith.mulf %u, %w2 : tensor<1x393216xf16>
    %zero = arith.constant 0.0 : f16
    %sum0 = tensor.splat %zero : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%v : tensor<1x393216xf16>) outs(%sum0 : tensor<1xf16>) dimensions = [1]
    %s = tensor.expand_shape %sum [[0, 1]] output_shape [1, 1] : tensor<1xf16> into tensor<1x1xf16>
    ktdp.store %s, %ty : tensor<1x1xf16>, !ktdp.access_tile<1x1xindex>
    return
  }
}
