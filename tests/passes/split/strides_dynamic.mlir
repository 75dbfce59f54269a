// RUN: ktc-split
// PARSE: --device=sample
// A view whose row stride is known only at launch: each transfer reads
// one row, through a cast of the view at that row's offset (row * %s plus
// the column) made in the tile loops.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @strides_dynamic(%a: index, %s: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [%s, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %y = arith.negf %x : tensor<1x64xf16>
  ktdp.store %y, %ta : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
