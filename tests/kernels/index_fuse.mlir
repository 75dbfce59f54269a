// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// index_fuse.mlir - a producer using linalg.index fused into its consumer:
// ramp[a, b] = sitofp(8 a + b) over 64x8 (a generic without inputs), read
// transposed by y[i, j] = x[i, j] + ramp[j, i] over 8x64. Fused, the
// ramp's linalg.index 0 is the consumer's dim 1 and its index 1 dim 0, so
// y[i, j] = x[i, j] + 8 j + i; no scratchpad buffer for the ramp.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @index_fuse(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %X = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x64xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x64xf32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<8x64xf32> -> !ktdp.access_tile<8x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<8x64xf32> -> !ktdp.access_tile<8x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf32>
  %er = tensor.empty() : tensor<64x8xf32>
  %ramp = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%er : tensor<64x8xf32>) {
  ^bb0(%out: f32):
    %a = linalg.index 0 : index
    %b = linalg.index 1 : index
    %a8 = arith.muli %a, %c8 : index
    %k = arith.addi %a8, %b : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    linalg.yield %kf : f32
  } -> tensor<64x8xf32>
  %e = tensor.empty() : tensor<8x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]} ins(%v, %ramp : tensor<8x64xf32>, tensor<64x8xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%in: f32, %rp: f32, %out: f32):
    %s = arith.addf %in, %rp : f32
    linalg.yield %s : f32
  } -> tensor<8x64xf32>
  ktdp.store %r, %ty : tensor<8x64xf32>, !ktdp.access_tile<8x64xindex>
  return
}
