// RUN: ktc-split
// PARSE: --device=spyre
// Rows in flight (split.h): y = x + x over 6 rows of a view whose row
// stride %s is known only at launch, on a device whose DMA store unit
// writes under a byte mask: the row loop would step by 6 (the largest
// divisor of 6 up to 16 with 6 rows x 2 transfers <= 32), so it runs once
// and is not emitted: one pipeline moves the 6 rows, each through its own
// row cast (row r at r * %s).
// A row of 64 f16 is a whole 128-byte word, which ktc-path-expand would
// store at a launch-time offset by read-modify-write: the columns are
// tiled by 32 instead (masked stores).
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @rows_in_flight(%a: index, %b: index, %s: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [6, 64], strides: [%s, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<6x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [6, 64], strides: [%s, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<6x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<6x64xf16> -> !ktdp.access_tile<6x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<6x64xf16> -> !ktdp.access_tile<6x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<6x64xindex> -> tensor<6x64xf16>
  %y = arith.addf %x, %x : tensor<6x64xf16>
  ktdp.store %y, %tb : tensor<6x64xf16>, !ktdp.access_tile<6x64xindex>
  return
}
