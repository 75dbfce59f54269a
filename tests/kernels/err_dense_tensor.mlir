// RUN: ktc-split
// PARSE: --device=spyre
// err_dense_tensor.mlir - x + a tensor constant of four different values: a
// constant of one value is a splat, but one of several would have to be
// sliced per tile or staged in memory; ktc-split refuses it at the constant
// (it used to fail its own output check).
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dense_add(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 4], strides: [4, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x4xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1, 4], strides: [4, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x4xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x4xf16> -> !ktdp.access_tile<1x4xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x4xf16> -> !ktdp.access_tile<1x4xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<1x4xindex> -> tensor<1x4xf16>
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf16>
  %r = arith.addf %v, %w : tensor<1x4xf16>
  ktdp.store %r, %ty : tensor<1x4xf16>, !ktdp.access_tile<1x4xindex>
  return
}
