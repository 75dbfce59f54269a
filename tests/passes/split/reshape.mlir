// RUN: ktc-split
// PARSE: --device=sample
// Reshapes that only drop or add unit dims are copies with a map: a 1x1
// tile collapsed to a scalar tensor and broadcast to 4x64 reads element
// (0, 0) of its tile for every output element.
#one = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @fill_from(%a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 1], strides: [1, 1] {
    coordinate_set = #one, memory_space = #ktdp.memory_space<global>} : memref<1x1xf16>
  %B = ktdp.construct_memory_view %b, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #one, access_tile_order = #id} : memref<1x1xf16> -> !ktdp.access_tile<1x1xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x1xindex> -> tensor<1x1xf16>
  %s = tensor.collapse_shape %x [] : tensor<1x1xf16> into tensor<f16>
  %e = tensor.empty() : tensor<4x64xf16>
  %b4 = linalg.broadcast ins(%s : tensor<f16>) outs(%e : tensor<4x64xf16>) dimensions = [0, 1]
  ktdp.store %b4, %tb : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
