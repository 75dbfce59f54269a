// A small paged-tensor-copy (the RFC example, scaled down): the indirect
// tile X[Idx[b, t floordiv 4], h, t mod 4, d] gathers 2x2x8x3 elements;
// a store through order (d0, d2, d1, d3) transposes them into Y[b, t, h, d].
func.func @paged_copy(%x: index, %idx: index, %y: index) {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [6, 2, 4, 3], strides: [24, 12, 3, 1] {coordinate_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 3 >= 0, d3 >= 0, -d3 + 2 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<6x2x4x3xf16>
  %iv = ktdp.construct_memory_view %idx, sizes: [2, 2], strides: [2, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x2xi32>
  %xt = ktdp.construct_indirect_access_tile intermediate_variables(%b, %h, %t, %d) %xv[ind(%iv[%b, %t floordiv 4]), (%h), (%t mod 4), (%d)] {
    variables_space_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 7 >= 0, d3 >= 0, -d3 + 2 >= 0)>,
    variables_space_order = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
  } : memref<6x2x4x3xf16>, memref<2x2xi32> -> !ktdp.access_tile<2x2x8x3xindex>
  %data = ktdp.load %xt : !ktdp.access_tile<2x2x8x3xindex> -> tensor<2x2x8x3xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 8, 2, 3], strides: [48, 6, 3, 1] {coordinate_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 7 >= 0, d2 >= 0, -d2 + 1 >= 0, d3 >= 0, -d3 + 2 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x8x2x3xf16>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0, %c0, %c0] {
    access_tile_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 7 >= 0, d2 >= 0, -d2 + 1 >= 0, d3 >= 0, -d3 + 2 >= 0)>,
    access_tile_order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
  } : memref<2x8x2x3xf16> -> !ktdp.access_tile<2x2x8x3xindex>
  ktdp.store %data, %yt : tensor<2x2x8x3xf16>, !ktdp.access_tile<2x2x8x3xindex>
  return
}
