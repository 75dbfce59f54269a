// RUN: ktc-split
// PARSE: --device=sample
// An access tile that enumerates its set in another order (ref 6.3): the
// load's order (d1, d0, d2) makes tile element [i, j, :] the view's
// [j, i, :] (heads and positions swapped, as the corpus's paged copies
// store). ktc-split casts the view with the strides permuted
// (strided<[64, 256, 1]>); the rows stay contiguous. An order moving the
// innermost dim (a 2-D transpose) is refused further on, located.
#set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#tr = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
func.func @order(%a: index, %b: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [4, 4, 64], strides: [256, 64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x4x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [4, 4, 64], strides: [256, 64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x4x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0, %c0] {access_tile_set = #set, access_tile_order = #tr} : memref<4x4x64xf16> -> !ktdp.access_tile<4x4x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x4x64xf16> -> !ktdp.access_tile<4x4x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<4x4x64xindex> -> tensor<4x4x64xf16>
  %n = arith.negf %x : tensor<4x4x64xf16>
  ktdp.store %n, %tb : tensor<4x4x64xf16>, !ktdp.access_tile<4x4x64xindex>
  return
}
