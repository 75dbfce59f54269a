// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// pos_scale.mlir - a position-dependent value: y[r, j] = x[r, j] *
// sitofp(j - 64) + sitofp(r) (a ramp over the columns, centred, plus the
// row), 16 rows of 128 f32: linalg.index through index_cast to i32 and
// sitofp (vcvt of the i32 lanes), the row a scalar per chunk.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @pos_scale(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [16, 128], strides: [128, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<16x128xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [16, 128], strides: [128, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<16x128xf32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<16x128xf32> -> !ktdp.access_tile<16x128xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<16x128xf32> -> !ktdp.access_tile<16x128xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<16x128xindex> -> tensor<16x128xf32>
  %e = tensor.empty() : tensor<16x128xf32>
  %c64 = arith.constant 64 : index
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<16x128xf32>) outs(%e : tensor<16x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %jc = arith.subi %j, %c64 : index
    %ji = arith.index_cast %jc : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %ii = arith.index_cast %i : index to i32
    %if = arith.sitofp %ii : i32 to f32
    %m = arith.mulf %in, %jf : f32
    %s = arith.addf %m, %if : f32
    linalg.yield %s : f32
  } -> tensor<16x128xf32>
  ktdp.store %r, %ty : tensor<16x128xf32>, !ktdp.access_tile<16x128xindex>
  return
}
