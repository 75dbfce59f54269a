// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg q0=3
// rowsum_f16_f32acc_short.mlir - f16 rows of 256 summed in f32 (extf and
// max(x, q0) fused into the reduction, 8 chunks of 32): no reduction
// levels (their 32-f16 chunks would be DMAs of 64 bytes, under spyre's
// 128-byte DDR granule); ktc-codegen converts and folds the row whole.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @rowsum_f16_f32acc_short(%x: index, %y: index, %q0: index) attributes {grid = [4]} {
  %t = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x256xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4xf32>
  %tx = ktdp.construct_access_tile %X[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x256xf16> -> !ktdp.access_tile<1x256xindex>
  %ty = ktdp.construct_access_tile %Y[%t] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4xf32> -> !ktdp.access_tile<1xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
  %e = tensor.empty() : tensor<1x256xf32>
  %qi = arith.index_cast %q0 : index to i32
  %qf = arith.sitofp %qi : i32 to f32
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x256xf16>) outs(%e : tensor<1x256xf32>) {
  ^bb0(%in: f16, %out: f32):
    %w = arith.extf %in : f16 to f32
    %s = arith.maximumf %w, %qf : f32
    linalg.yield %s : f32
  } -> tensor<1x256xf32>
  %zero = arith.constant 0.0 : f32
  %i0 = tensor.splat %zero : tensor<1xf32>
  %sum = linalg.reduce { arith.addf } ins(%m : tensor<1x256xf32>) outs(%i0 : tensor<1xf32>) dimensions = [1]
  ktdp.store %sum, %ty : tensor<1xf32>, !ktdp.access_tile<1xindex>
  return
}
