// coords3d.mlir - every tile of a [2, 3, 2] grid writes x + 10*y + 100*z
// at out[z][y][x], reading its coordinates from get_compute_tile_id (all
// three, and the first alone). grid_interp_test.sh runs it on ktc-interp
// as written and after ktc-allocate flattened its grid: the outputs match.
module {
  func.func @coords3d(%out: index) attributes {grid = [2, 3, 2]} {
    %x, %y, %z = ktdp.get_compute_tile_id : index, index, index
    %x1 = ktdp.get_compute_tile_id : index
    %c10 = arith.constant 10 : index
    %c100 = arith.constant 100 : index
    %O = ktdp.construct_memory_view %out, sizes: [2, 3, 2], strides: [6, 2, 1] {
      coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2 >= 0, d2 >= 0, -d2 + 1 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x3x2xf32>
    %t = ktdp.construct_access_tile %O[%z, %y, %x1] {
      access_tile_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0, d2 >= 0, -d2 >= 0)>,
      access_tile_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    } : memref<2x3x2xf32> -> !ktdp.access_tile<1x1x1xindex>
    %ty = arith.muli %y, %c10 : index
    %tz = arith.muli %z, %c100 : index
    %xy = arith.addi %x, %ty : index
    %v = arith.addi %xy, %tz : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    %tv = tensor.splat %vf : tensor<1x1x1xf32>
    ktdp.store %tv, %t : tensor<1x1x1xf32>, !ktdp.access_tile<1x1x1xindex>
    return
  }
}
