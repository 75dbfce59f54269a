// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg sa=0.3
// LAUNCH: --arg sa=-65504
// captured_extf.mlir - an f16 kernel argument widened to f32 outside the
// generic (arith.extf) and added in its body to an f32 row: ktc-lower
// splats the argument's bits in f16 lanes and converts them
// (vectorchain.convert). It was refused ("no vectorchain form").
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @captured_extf(%x: index, %y: index, %sa: f16) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf32> -> !ktdp.access_tile<1x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf32> -> !ktdp.access_tile<1x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf32>
  %s = arith.extf %sa : f16 to f32
  %e = tensor.empty() : tensor<1x64xf32>
  %o = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf32>) outs(%e : tensor<1x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %s : f32
    linalg.yield %r : f32
  } -> tensor<1x64xf32>
  ktdp.store %o, %ty : tensor<1x64xf32>, !ktdp.access_tile<1x64xindex>
  return
}
