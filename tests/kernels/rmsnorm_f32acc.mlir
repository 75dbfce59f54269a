// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// rmsnorm_f32acc.mlir - RMSNorm of 8 rows of 256 f16 computed in f32, as
// Inductor writes it: extf the row, the sum of squares and the scale in
// f32, truncf back. A generic whose input is f32 and result f16 (the
// truncf) computes on the f32 lanes (32), not the f16 result's (64); one
// that reads or writes f16 in device memory moves 64 elements (a whole
// 128-byte stick) a tile, which ktc-lower runs in two pieces of 32.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rmsnorm_f32acc(%x: index, %y: index) attributes {grid = [8]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %tx = ktdp.construct_access_tile %X[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
    %ty = ktdp.construct_access_tile %Y[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
    %h = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
    %v = arith.extf %h : tensor<1x256xf16> to tensor<1x256xf32>
    %sq = arith.mulf %v, %v : tensor<1x256xf32>
    %zero = arith.constant 0.0 : f32
    %s0 = tensor.splat %zero : tensor<1xf32>
    %sum = linalg.reduce { arith.addf } ins(%sq : tensor<1x256xf32>) outs(%s0 : tensor<1xf32>) dimensions = [1]
    %s = tensor.extract %sum[%c0] : tensor<1xf32>
    %n = arith.constant 256.0 : f32
    %mean = arith.divf %s, %n : f32
    %eps = arith.constant 1.0e-5 : f32
    %me = arith.addf %mean, %eps : f32
    %r = math.rsqrt %me : f32
    %rb = tensor.splat %r : tensor<1x256xf32>
    %o = arith.mulf %v, %rb : tensor<1x256xf32>
    %oh = arith.truncf %o : tensor<1x256xf32> to tensor<1x256xf16>
    ktdp.store %oh, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    return
  }
}
