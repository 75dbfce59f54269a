// RUN: ktc-split | ktc-path-expand | ktc-allocate
// PARSE: --device=sample
// A KTIR kernel too big for the sample device: each tile sums one row of
// 1048576 f16 values (2 MiB). The split keeps the reduction dimension whole
// in one tile, so the row's L1 staging buffer cannot fit the 1 MiB L1: a
// located error in the kernel (where ktc-split places the row's transfer),
// naming the buffer, its size and the capacity.
module {
  func.func @row_sum(%x: index, %y: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 1048576], strides: [1048576, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1048575 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x1048576xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 1], strides: [1, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x1xf16>
    %tx = ktdp.construct_access_tile %X[%tile, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1048575 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x1048576xf16> -> !ktdp.access_tile<1x1048576xindex>
    %ty = ktdp.construct_access_tile %Y[%tile, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x1xf16> -> !ktdp.access_tile<1x1xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x1048576xindex> -> tensor<1x1048576xf16>
    %zero = arith.constant 0.0 : f16
    %sum0 = tensor.splat %zero : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%v : tensor<1x1048576xf16>) outs(%sum0 : tensor<1xf16>) dimensions = [1]
    %s = tensor.expand_shape %sum [[0, 1]] output_shape [1, 1] : tensor<1xf16> into tensor<1x1xf16>
    ktdp.store %s, %ty : tensor<1x1xf16>, !ktdp.access_tile<1x1xindex>
    return
  }
}
