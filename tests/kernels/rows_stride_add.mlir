// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// LAUNCH: --arg s=64 --arg a=f16:24x64 --arg b=f16:24x64
// LAUNCH: --arg s=65 --arg a=f16:24x65 --arg b=f16:24x65
// LAUNCH: --arg s=97 --arg a=f16:24x97 --arg b=f16:24x97
// LAUNCH: --arg s=127 --arg a=f16:24x127 --arg b=f16:24x127
// rows_stride_add.mlir - y = x + x over the first 64 columns of 24 x s
// matrices, s (>= 64) known only at launch: on spyre 12 rows in flight a
// pipeline (split.h), each row read and written through its own cast, at
// any alignment, by halves (a whole 128-byte row at a launch-time offset
// would be stored by read-modify-write).
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @rows_stride_add(%a: index, %b: index, %s: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [24, %s], strides: [%s, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<24x?xf16>
  %B = ktdp.construct_memory_view %b, sizes: [24, %s], strides: [%s, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<24x?xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<24x?xf16> -> !ktdp.access_tile<24x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<24x?xf16> -> !ktdp.access_tile<24x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<24x64xindex> -> tensor<24x64xf16>
  %y = arith.addf %x, %x : tensor<24x64xf16>
  ktdp.store %y, %tb : tensor<24x64xf16>, !ktdp.access_tile<24x64xindex>
  return
}
