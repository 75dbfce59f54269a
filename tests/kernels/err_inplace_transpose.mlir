// RUN: ktc-split
// PARSE: --device=spyre
// err_inplace_transpose.mlir - x[i, j, :] = -x[j, i, :] in place over a
// 4x4x64 f16 tensor: the load's access_tile_order (d1, d0, d2) swaps the
// outer dims (tile_order.mlir, which stores elsewhere, compiles). Streamed
// row by row, row [1, 0] would read what row [0, 1]'s store wrote (384 of
// 1024 elements wrong): refused at the store.
#set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#tr = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
func.func @transpose(%a: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [4, 4, 64], strides: [256, 64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x4x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0, %c0] {access_tile_set = #set, access_tile_order = #tr} : memref<4x4x64xf16> -> !ktdp.access_tile<4x4x64xindex>
  %tb = ktdp.construct_access_tile %A[%c0, %c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x4x64xf16> -> !ktdp.access_tile<4x4x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<4x4x64xindex> -> tensor<4x4x64xf16>
  %n = arith.negf %x : tensor<4x4x64xf16>
  ktdp.store %n, %tb : tensor<4x4x64xf16>, !ktdp.access_tile<4x4x64xindex>
  return
}
