// RUN: ktc-split
// PARSE: --device=sample
// A static slice of a loaded tile (tensor.extract_slice, unit strides)
// becomes a copy generic reading its input at the slice's offset: the
// transfer starts at row 1 of the 3x64 tile.
#set3 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @slice(%a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [3, 64], strides: [64, 1] {
    coordinate_set = #set3, memory_space = #ktdp.memory_space<global>} : memref<3x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set3, access_tile_order = #id} : memref<3x64xf16> -> !ktdp.access_tile<3x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<3x64xindex> -> tensor<3x64xf16>
  %r = tensor.extract_slice %x[1, 0] [1, 64] [1, 1] : tensor<3x64xf16> to tensor<1x64xf16>
  ktdp.store %r, %tb : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
