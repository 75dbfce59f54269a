// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg eps=0.00001
// layernorm_f32acc.mlir - LayerNorm of 8 rows of 256 f16 computed in f32:
// each tile extends its row to f32, takes the mean, the variance of the
// centered row, rstd = rsqrt(var + eps) (eps an f32 argument), and writes
// (x - mean) * rstd * W + B truncated to f16, W and B one f16 row of 256
// shared by every row, extended to f32 too.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#one = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @layernorm_f32acc(%x: index, %w: index, %b: index, %y: index, %eps: f32) attributes {grid = [8]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %W = ktdp.construct_memory_view %w, sizes: [1, 256], strides: [256, 1] {coordinate_set = #one, memory_space = #ktdp.memory_space<global>} : memref<1x256xf16>
    %B = ktdp.construct_memory_view %b, sizes: [1, 256], strides: [256, 1] {coordinate_set = #one, memory_space = #ktdp.memory_space<global>} : memref<1x256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %tx = ktdp.construct_access_tile %X[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
    %tw = ktdp.construct_access_tile %W[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<1x256xf16> -> !ktdp.access_tile<1x256xindex>
    %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<1x256xf16> -> !ktdp.access_tile<1x256xindex>
    %ty = ktdp.construct_access_tile %Y[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
    %h = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
    %v = arith.extf %h : tensor<1x256xf16> to tensor<1x256xf32>
    %zero = arith.constant 0.0 : f32
    %s0 = tensor.splat %zero : tensor<1xf32>
    %n = arith.constant 256.0 : f32
    %sum = linalg.reduce { arith.addf } ins(%v : tensor<1x256xf32>) outs(%s0 : tensor<1xf32>) dimensions = [1]
    %s = tensor.extract %sum[%c0] : tensor<1xf32>
    %mean = arith.divf %s, %n : f32
    %mb = tensor.splat %mean : tensor<1x256xf32>
    %c = arith.subf %v, %mb : tensor<1x256xf32>
    %c2 = arith.mulf %c, %c : tensor<1x256xf32>
    %sq = linalg.reduce { arith.addf } ins(%c2 : tensor<1x256xf32>) outs(%s0 : tensor<1xf32>) dimensions = [1]
    %q = tensor.extract %sq[%c0] : tensor<1xf32>
    %var = arith.divf %q, %n : f32
    %ve = arith.addf %var, %eps : f32
    %rstd = math.rsqrt %ve : f32
    %rb = tensor.splat %rstd : tensor<1x256xf32>
    %wh = ktdp.load %tw : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
    %bh = ktdp.load %tb : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
    %wv = arith.extf %wh : tensor<1x256xf16> to tensor<1x256xf32>
    %bv = arith.extf %bh : tensor<1x256xf16> to tensor<1x256xf32>
    %nv = arith.mulf %c, %rb : tensor<1x256xf32>
    %sc = arith.mulf %nv, %wv : tensor<1x256xf32>
    %o = arith.addf %sc, %bv : tensor<1x256xf32>
    %oh = arith.truncf %o : tensor<1x256xf32> to tensor<1x256xf16>
    ktdp.store %oh, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    return
  }
}
