// RUN: ktc-split
// PARSE: --device=spyre
// Rows in flight (split.h) that do not divide: 17 rows (prime, more
// than 16) of a view of launch-time row stride stay one a pipeline.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 16 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @rows_in_flight_prime(%a: index, %b: index, %s: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [17, 64], strides: [%s, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<17x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [17, 64], strides: [%s, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<17x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<17x64xf16> -> !ktdp.access_tile<17x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<17x64xf16> -> !ktdp.access_tile<17x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<17x64xindex> -> tensor<17x64xf16>
  %y = arith.addf %x, %x : tensor<17x64xf16>
  ktdp.store %y, %tb : tensor<17x64xf16>, !ktdp.access_tile<17x64xindex>
  return
}
