// cores.mlir - tile (x, y) of a [2, 3] grid runs on core x + 2*y (dimension
// 0 fastest): each tile leaves x + 10*y in its own scratchpad (ct_local),
// and the last tile, which runs after all others on ktc-interp, copies core
// 1's value (tile (1, 0): 1.0) to out. A flattening that numbered tiles row
// major would put tile (0, 1) on core 1, and out would read 10.0.
module {
  func.func @cores(%out: index) attributes {grid = [2, 3]} {
    %x, %y = ktdp.get_compute_tile_id : index, index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c10 = arith.constant 10 : index
    %S = ktdp.construct_memory_view %c0, sizes: [1, 1], strides: [1, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>,
      memory_space = #ktdp.memory_space<ct_local>
    } : memref<1x1xf32>
    %ts = ktdp.construct_access_tile %S[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<1x1xf32> -> !ktdp.access_tile<1x1xindex>
    %ty = arith.muli %y, %c10 : index
    %v = arith.addi %x, %ty : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    %tv = tensor.splat %vf : tensor<1x1xf32>
    ktdp.store %tv, %ts : tensor<1x1xf32>, !ktdp.access_tile<1x1xindex>
    %lastx = arith.cmpi eq, %x, %c1 : index
    %lasty = arith.cmpi eq, %y, %c2 : index
    %last = arith.andi %lastx, %lasty : i1
    scf.if %last {
      %R = ktdp.construct_memory_view %c0, sizes: [1, 1], strides: [1, 1] {
        coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>,
        memory_space = #ktdp.memory_space<ct_local, ct_id = 1>
      } : memref<1x1xf32>
      %tr = ktdp.construct_access_tile %R[%c0, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<1x1xf32> -> !ktdp.access_tile<1x1xindex>
      %O = ktdp.construct_memory_view %out, sizes: [1, 1], strides: [1, 1] {
        coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>,
        memory_space = #ktdp.memory_space<global>
      } : memref<1x1xf32>
      %to = ktdp.construct_access_tile %O[%c0, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<1x1xf32> -> !ktdp.access_tile<1x1xindex>
      %r = ktdp.load %tr : !ktdp.access_tile<1x1xindex> -> tensor<1x1xf32>
      ktdp.store %r, %to : tensor<1x1xf32>, !ktdp.access_tile<1x1xindex>
    }
    return
  }
}
