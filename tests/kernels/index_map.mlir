// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// index_map.mlir - linalg.index in a linalg.map body: x[j] += sitofp(j) in
// place over 64 f32 (two chunks of 32, the second at origin 32). ktc-split
// generalizes the map into a parallel generic, the index its dim.
#set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#id = affine_map<(d0) -> (d0)>
func.func @index_map(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [64], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<64xf32>
  %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<64xf32> -> !ktdp.access_tile<64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<64xindex> -> tensor<64xf32>
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.map ins(%v : tensor<64xf32>) outs(%e : tensor<64xf32>)
    (%a: f32) {
      %j = linalg.index 0 : index
      %ji = arith.index_cast %j : index to i32
      %jf = arith.sitofp %ji : i32 to f32
      %s = arith.addf %a, %jf : f32
      linalg.yield %s : f32
    }
  ktdp.store %r, %tx : tensor<64xf32>, !ktdp.access_tile<64xindex>
  return
}
