// 4 tiles in 2 groups of 2 (pairs i = 2g, 2g+1). Each tile produces
// [i+1] twice (spelling A, two partials); the reduce sums the first and
// multiplies the second within the pair; consume takes the partner's value
// (butterfly dependency p + c - 4g - 1 == 0). out[i] = (sum, product).
#pairs = affine_set<(i)[g] : (i - 2*g >= 0, -i + 2*g + 1 >= 0)>
func.func @itile(%out: index, %out2: index) attributes {grid = [4]} {
  %pid = ktdp.get_compute_tile_id : index
  %c1 = arith.constant 1 : index
  %i1 = arith.addi %pid, %c1 : index
  %i32 = arith.index_cast %i1 : index to i32
  %f = arith.sitofp %i32 : i32 to f32
  %p = tensor.splat %f : tensor<1xf32>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #pairs
      -> <(tensor<1xf32>, tensor<1xf32>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> {
    ^bb0(%gid: index):
      ktdp.yield_partial %p, %p : tensor<1xf32>, tensor<1xf32>
  }
  %z = arith.constant dense<0.0> : tensor<1xf32>
  %u = arith.constant dense<1.0> : tensor<1xf32>
  %s, %s2 = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #pairs, identity(%z, %u : tensor<1xf32>, tensor<1xf32>)
      : <(tensor<1xf32>, tensor<1xf32>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> -> tensor<1xf32>, tensor<1xf32> {
    ^bb0(%l: tensor<1xf32>, %l2: tensor<1xf32>, %r: tensor<1xf32>, %r2: tensor<1xf32>):
      %a = arith.addf %l, %r : tensor<1xf32>
      %m = arith.mulf %l2, %r2 : tensor<1xf32>
      ktdp.yield_reduced %a, %m : tensor<1xf32>, tensor<1xf32>
  }
  %fut2 = ktdp.inter_tile_produce producer_tiles_per_group = #pairs
      -> <(tensor<1xf32>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> {
    ^bb0(%gid: index):
      ktdp.yield_partial %p : tensor<1xf32>
  }
  %other = ktdp.inter_tile_consume(%fut2) consumer_tiles_per_group = #pairs,
      producer_dependency_per_consumer = affine_set<(p)[c, g] : (p + c - 4*g - 1 == 0)>
      : <(tensor<1xf32>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> -> tensor<1xf32>
  %c0 = arith.constant 0 : index
  %ov = ktdp.construct_memory_view %out, sizes: [4, 2], strides: [2, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x2xf32>
  %t0 = ktdp.construct_access_tile %ov[%pid, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 == 0, d1 == 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x2xf32> -> !ktdp.access_tile<1x1xindex>
  %t1 = ktdp.construct_access_tile %ov[%pid, %c1] {access_tile_set = affine_set<(d0, d1) : (d0 == 0, d1 == 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x2xf32> -> !ktdp.access_tile<1x1xindex>
  %s_2d = tensor.expand_shape %s [[0, 1]] output_shape [1, 1] : tensor<1xf32> into tensor<1x1xf32>
  %s2_2d = tensor.expand_shape %s2 [[0, 1]] output_shape [1, 1] : tensor<1xf32> into tensor<1x1xf32>
  ktdp.store %s_2d, %t0 : tensor<1x1xf32>, <1x1xindex>
  ktdp.store %s2_2d, %t1 : tensor<1x1xf32>, <1x1xindex>
  %o2v = ktdp.construct_memory_view %out2, sizes: [4], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4xf32>
  %t2 = ktdp.construct_access_tile %o2v[%pid] {access_tile_set = affine_set<(d0) : (d0 == 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4xf32> -> !ktdp.access_tile<1xindex>
  ktdp.store %other, %t2 : tensor<1xf32>, <1xindex>
  return
}
