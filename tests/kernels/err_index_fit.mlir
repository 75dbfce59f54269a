// RUN: ktc-split
// PARSE: --device=spyre
// err_index_fit.mlir - index math with a launch-time factor (j * q, q a
// kernel argument): it may not fit in the i32 lanes index math runs in,
// and clamping q would change it (a launch-time index is only taken in
// sums compared with small values); refused at the multiply.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @err_index_fit(%x: index, %y: index, %q: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x32xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x32xf32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x32xf32> -> !ktdp.access_tile<4x32xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x32xf32> -> !ktdp.access_tile<4x32xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<4x32xindex> -> tensor<4x32xf32>
  %e = tensor.empty() : tensor<4x32xf32>
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<4x32xf32>) outs(%e : tensor<4x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 1 : index
    %jq = arith.muli %j, %q : index
    %c100 = arith.constant 100 : index
    %ok = arith.cmpi slt, %jq, %c100 : index
    %s = arith.select %ok, %in, %zero : f32
    linalg.yield %s : f32
  } -> tensor<4x32xf32>
  ktdp.store %r, %ty : tensor<4x32xf32>, !ktdp.access_tile<4x32xindex>
  return
}
