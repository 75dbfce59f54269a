// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg scale=0.5
// LAUNCH: --arg scale=-3.25
// dequant_i32.mlir - Y = sitofp(Q) * scale, i32 to f32: the conversion is
// a vectorchain.convert (vcvt.f32 of an i32 vector). The sample device has
// no f32 lanes.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dequant_i32(%q: index, %y: index, %scale: f32) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %Q = ktdp.construct_memory_view %q, sizes: [2, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x32xi32>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x32xf32>
  %tq = ktdp.construct_access_tile %Q[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x32xi32> -> !ktdp.access_tile<2x32xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x32xf32> -> !ktdp.access_tile<2x32xindex>
  %v = ktdp.load %tq : !ktdp.access_tile<2x32xindex> -> tensor<2x32xi32>
  %f = arith.sitofp %v : tensor<2x32xi32> to tensor<2x32xf32>
  %sb = tensor.splat %scale : tensor<2x32xf32>
  %r = arith.mulf %f, %sb : tensor<2x32xf32>
  ktdp.store %r, %ty : tensor<2x32xf32>, !ktdp.access_tile<2x32xindex>
  return
}
