// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg q0=3
// LAUNCH: --arg q0=-2
// relu_row_sum.mlir - max(x, 0) * q0 (a captured constant and a scalar
// computed from a kernel argument) fused into a row sum of 2048 f32 (64
// chunks, ktc-nest's reduction levels): the levels' stages copy the
// values the producer captures from the reduction's compute stage.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @relu_row_sum(%x: index, %y: index, %q0: index) attributes {grid = [4]} {
  %t = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 2048], strides: [2048, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x2048xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [4], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4xf32>
  %tx = ktdp.construct_access_tile %X[%t, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x2048xf32> -> !ktdp.access_tile<1x2048xindex>
  %ty = ktdp.construct_access_tile %Y[%t] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4xf32> -> !ktdp.access_tile<1xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf32>
  %e = tensor.empty() : tensor<1x2048xf32>
  %zero = arith.constant 0.0 : f32
  %qi = arith.index_cast %q0 : index to i32
  %qf = arith.sitofp %qi : i32 to f32
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x2048xf32>) outs(%e : tensor<1x2048xf32>) {
  ^bb0(%in: f32, %out: f32):
    %ok = arith.cmpf ogt, %in, %zero : f32
    %s0 = arith.select %ok, %in, %zero : f32
    %s = arith.mulf %s0, %qf : f32
    linalg.yield %s : f32
  } -> tensor<1x2048xf32>
  %i0 = tensor.splat %zero : tensor<1xf32>
  %sum = linalg.reduce { arith.addf } ins(%m : tensor<1x2048xf32>) outs(%i0 : tensor<1xf32>) dimensions = [1]
  ktdp.store %sum, %ty : tensor<1xf32>, !ktdp.access_tile<1xindex>
  return
}
