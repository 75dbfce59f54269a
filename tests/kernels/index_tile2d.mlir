// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// index_tile2d.mlir - both indices in one chunk: 8 rows of 8 f32, chunks
// of 4x8 (32 lanes), so linalg.index 0 is the chunk's row origin (its tile
// loop's IV) plus the lanes' row pattern [0 x8, 1 x8, ...] and linalg.index
// 1 the lanes' column pattern: y = x * sitofp(8 i + j) on and below the
// diagonal (j <= i), 0 above it.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 7 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @index_tile2d(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [8, 8], strides: [8, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x8xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 8], strides: [8, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x8xf32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<8x8xf32> -> !ktdp.access_tile<8x8xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<8x8xf32> -> !ktdp.access_tile<8x8xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<8x8xindex> -> tensor<8x8xf32>
  %e = tensor.empty() : tensor<8x8xf32>
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %i8 = arith.muli %i, %c8 : index
    %k = arith.addi %i8, %j : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %m = arith.mulf %in, %kf : f32
    %ok = arith.cmpi sle, %j, %i : index
    %s = arith.select %ok, %m, %zero : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  ktdp.store %r, %ty : tensor<8x8xf32>, !ktdp.access_tile<8x8xindex>
  return
}
