// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// select_int.mlir - Z = min(X, Y) on 2x32 i32 blocks as arith.cmpi ult +
// arith.select (vcmp.i32 with arith.cmpi's predicate 6, vsel.i32). Launched
// on spyre only: the sample device's SFU has no i32 lanes.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @select_int(%x: index, %y: index, %z: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x32xi32>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x32xi32>
  %Z = ktdp.construct_memory_view %z, sizes: [2, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x32xi32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x32xi32> -> !ktdp.access_tile<2x32xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x32xi32> -> !ktdp.access_tile<2x32xindex>
  %tz = ktdp.construct_access_tile %Z[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x32xi32> -> !ktdp.access_tile<2x32xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<2x32xindex> -> tensor<2x32xi32>
  %b = ktdp.load %ty : !ktdp.access_tile<2x32xindex> -> tensor<2x32xi32>
  %e = tensor.empty() : tensor<2x32xi32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<2x32xi32>, tensor<2x32xi32>) outs(%e : tensor<2x32xi32>) {
  ^bb0(%p: i32, %q: i32, %o: i32):
    %lt = arith.cmpi ult, %p, %q : i32
    %m = arith.select %lt, %p, %q : i32
    linalg.yield %m : i32
  } -> tensor<2x32xi32>
  ktdp.store %r, %tz : tensor<2x32xi32>, !ktdp.access_tile<2x32xindex>
  return
}
