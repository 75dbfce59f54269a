// RUN: ktc-split
// PARSE: --device=sample
// A row vector broadcast over the rows of a 4x64 tile (linalg.broadcast)
// fuses into the add: its input is read through map (d0, d1) -> (d1), and
// each row's transfer of it takes the whole 64-element vector.
#set2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#set1 = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @bias(%a: index, %b: index, %c: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set2, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [64], strides: [1] {
    coordinate_set = #set1, memory_space = #ktdp.memory_space<global>} : memref<64xf16>
  %C = ktdp.construct_memory_view %c, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set2, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set2, access_tile_order = #id2} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0] {access_tile_set = #set1, access_tile_order = #id1} : memref<64xf16> -> !ktdp.access_tile<64xindex>
  %tc = ktdp.construct_access_tile %C[%c0, %c0] {access_tile_set = #set2, access_tile_order = #id2} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %v = ktdp.load %tb : !ktdp.access_tile<64xindex> -> tensor<64xf16>
  %e = tensor.empty() : tensor<4x64xf16>
  %bv = linalg.broadcast ins(%v : tensor<64xf16>) outs(%e : tensor<4x64xf16>) dimensions = [0]
  %r = linalg.add ins(%x, %bv : tensor<4x64xf16>, tensor<4x64xf16>) outs(%e : tensor<4x64xf16>) -> tensor<4x64xf16>
  ktdp.store %r, %tc : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
