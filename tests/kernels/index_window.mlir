// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg q=3
// LAUNCH: --arg q=40
// LAUNCH: --arg q=70
// LAUNCH: --arg q=-1
// LAUNCH: --arg q=99999999999
// index_window.mlir - a window mask: y[r, j] = x[r, j] for q - 5 <= j <= q,
// 0 elsewhere (q a kernel argument, read twice: clamped once), 4x64 f32;
// q - 5 is scalar math on the clamped q, splatted once a chunk.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @index_window(%x: index, %y: index, %q: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x64xf32> -> !ktdp.access_tile<4x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x64xf32> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf32>
  %e = tensor.empty() : tensor<4x64xf32>
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<4x64xf32>) outs(%e : tensor<4x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 1 : index
    %lo = arith.subi %q, %c5 : index
    %ok1 = arith.cmpi sge, %j, %lo : index
    %ok2 = arith.cmpi sle, %j, %q : index
    %s1 = arith.select %ok1, %in, %zero : f32
    %s = arith.select %ok2, %s1, %zero : f32
    linalg.yield %s : f32
  } -> tensor<4x64xf32>
  ktdp.store %r, %ty : tensor<4x64xf32>, !ktdp.access_tile<4x64xindex>
  return
}
