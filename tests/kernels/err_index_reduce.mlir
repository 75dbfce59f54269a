// RUN: ktc-split
// PARSE: --device=spyre
// err_index_reduce.mlir - linalg.index in a reduction linalg.generic (a
// row sum of x[r, j] * j): ktc-split folds a reduction's rows as clones of
// its body, which would read other coordinates; refused at the index.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @err_index_reduce(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x32xf32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x32xf32> -> !ktdp.access_tile<4x32xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<4x32xindex> -> tensor<4x32xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.splat %zero : tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%v : tensor<4x32xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %p = arith.mulf %in, %jf : f32
    %a = arith.addf %acc, %p : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [4], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4xf32>
  %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %s, %ty : tensor<4xf32>, !ktdp.access_tile<4xindex>
  return
}
