// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// log_softmax_f32.mlir - log-softmax of 32-wide f32 rows: the per-row f32
// scalars broadcast back over the row are read as one element of L1 and
// splatted by the L1LU, which reads 128-byte sticks or 2-byte elements: a
// 4-byte element is two of them (as the device checks an access: a whole
// number of a granule). The sample device has no f32 lanes.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @log_softmax_f32(%x: index, %y: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 32], strides: [32, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x32xf32>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 32], strides: [32, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x32xf32>
    %tx = ktdp.construct_access_tile %X[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x32xf32> -> !ktdp.access_tile<1x32xindex>
    %ty = ktdp.construct_access_tile %Y[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x32xf32> -> !ktdp.access_tile<1x32xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x32xindex> -> tensor<1x32xf32>
    %ninf = arith.constant 0xFF800000 : f32
    %max0 = tensor.splat %ninf : tensor<1xf32>
    %max = linalg.reduce { arith.maximumf } ins(%v : tensor<1x32xf32>) outs(%max0 : tensor<1xf32>) dimensions = [1]
    %mx = tensor.extract %max[%c0] : tensor<1xf32>
    %mrow = tensor.splat %mx : tensor<1x32xf32>
    %sh = arith.subf %v, %mrow : tensor<1x32xf32>
    %e = math.exp %sh : tensor<1x32xf32>
    %zero = arith.constant 0.0 : f32
    %sum0 = tensor.splat %zero : tensor<1xf32>
    %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x32xf32>) outs(%sum0 : tensor<1xf32>) dimensions = [1]
    %s = tensor.extract %sum[%c0] : tensor<1xf32>
    %ls = math.log %s : f32
    %lrow = tensor.splat %ls : tensor<1x32xf32>
    %out = arith.subf %sh, %lrow : tensor<1x32xf32>
    ktdp.store %out, %ty : tensor<1x32xf32>, !ktdp.access_tile<1x32xindex>
    return
  }
}
