// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg scale=100.0
// LAUNCH: --arg scale=1.0e10
// LAUNCH: --arg scale=-7.5
// quant_i32.mlir - Q = fptosi(X * scale), f32 to i32, toward zero: a
// vectorchain.convert (vcvt.i32 of an f32 vector). At scale 1e10 most
// products are beyond i32: arith.fptosi saturates at 64 bits and keeps the
// low 32, as the device's vcvt does. The sample device has no f32 lanes.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @quant_i32(%x: index, %q: index, %scale: f32) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x32xf32>
  %Q = ktdp.construct_memory_view %q, sizes: [2, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x32xi32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x32xf32> -> !ktdp.access_tile<2x32xindex>
  %tq = ktdp.construct_access_tile %Q[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x32xi32> -> !ktdp.access_tile<2x32xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<2x32xindex> -> tensor<2x32xf32>
  %sb = tensor.splat %scale : tensor<2x32xf32>
  %p = arith.mulf %v, %sb : tensor<2x32xf32>
  %r = arith.fptosi %p : tensor<2x32xf32> to tensor<2x32xi32>
  ktdp.store %r, %tq : tensor<2x32xi32>, !ktdp.access_tile<2x32xindex>
  return
}
