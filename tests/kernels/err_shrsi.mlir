// RUN: ktc-split
// PARSE: --device=spyre
// err_shrsi.mlir - Z = ((X * Y + 7) >> 1) - X on i32 over a [2, 2] grid:
// arith.shrsi has no vector form; ktc-split refuses it in the body.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @i32_axpb(%x: index, %y: index, %z: index) attributes {grid = [2, 2]} {
  %ti, %tj = ktdp.get_compute_tile_id : index, index
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r0 = arith.muli %ti, %c2 : index
  %r = arith.addi %r0, %tj : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 32], strides: [32, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x32xi32>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 32], strides: [32, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x32xi32>
  %Z = ktdp.construct_memory_view %z, sizes: [4, 32], strides: [32, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x32xi32>
  %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x32xi32> -> !ktdp.access_tile<1x32xindex>
  %ty = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x32xi32> -> !ktdp.access_tile<1x32xindex>
  %tz = ktdp.construct_access_tile %Z[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x32xi32> -> !ktdp.access_tile<1x32xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<1x32xindex> -> tensor<1x32xi32>
  %b = ktdp.load %ty : !ktdp.access_tile<1x32xindex> -> tensor<1x32xi32>
  %e = tensor.empty() : tensor<1x32xi32>
  %o = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<1x32xi32>, tensor<1x32xi32>) outs(%e : tensor<1x32xi32>) {
  ^bb0(%p: i32, %q: i32, %u: i32):
    %c7 = arith.constant 7 : i32
    %c1 = arith.constant 1 : i32
    %m = arith.muli %p, %q : i32
    %s = arith.addi %m, %c7 : i32
    %h = arith.shrsi %s, %c1 : i32
    %d = arith.subi %h, %p : i32
    linalg.yield %d : i32
  } -> tensor<1x32xi32>
  ktdp.store %o, %tz : tensor<1x32xi32>, !ktdp.access_tile<1x32xindex>
  return
}
