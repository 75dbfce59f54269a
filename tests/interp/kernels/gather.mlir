// Indirect tiles: gather Y[m, k] = X[IDX1[m, k], IDX2[m, k]] (i32 and i64
// index views), a transposing store of the result, then a scatter of 2*Y
// back through the same tile.
func.func @gather(%x: index, %i1: index, %i2: index, %y: index) {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [4, 4], strides: [4, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x4xf16>
  %iv1 = ktdp.construct_memory_view %i1, sizes: [2, 3], strides: [3, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x3xi32>
  %iv2 = ktdp.construct_memory_view %i2, sizes: [2, 3], strides: [3, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x3xi64>
  %g = ktdp.construct_indirect_access_tile intermediate_variables(%m, %k) %xv[ind(%iv1[%m, %k]), ind(%iv2[%m, %k])] {
      variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2 >= 0)>,
      variables_space_order = affine_map<(d0, d1) -> (d0, d1)>
  } : memref<4x4xf16>, memref<2x3xi32>, memref<2x3xi64> -> !ktdp.access_tile<2x3xindex>
  %v = ktdp.load %g : <2x3xindex> -> tensor<2x3xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [3, 2], strides: [2, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<3x2xf16>
  // transposing store: tile dim 0 walks view dim 1
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 1 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d1, d0)>} : memref<3x2xf16> -> !ktdp.access_tile<2x3xindex>
  ktdp.store %v, %yt : tensor<2x3xf16>, <2x3xindex>
  // scatter back into x at the same places: x[i1, i2] = v * 2
  %two = arith.constant dense<2.0> : tensor<2x3xf16>
  %w = arith.mulf %v, %two : tensor<2x3xf16>
  ktdp.store %w, %g : tensor<2x3xf16>, <2x3xindex>
  return
}
