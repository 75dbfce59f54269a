// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// matmul_4x16x32.mlir - C = A B with A 4x16, B 16x32 f16 and an empty outs
// (ktc-interp's zeros): the split stages A and B in the scratchpad (copy
// generics) and computes the product on the vector unit as ktc-interp does,
// in f32 in order of k: two links of at most 15 steps (acc += f32(A[i,k]) *
// f32(B[k,:]), A[i,k] splat along the row), then the rounding to f16 and
// the add of the zero outs. Tiles of 32 f32 lanes: one row of C each.
#a = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 15 >= 0)>
#b = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#c = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul_4x16x32(%pa: index, %pb: index, %pc: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %pa, sizes: [4, 16], strides: [16, 1] {coordinate_set = #a, memory_space = #ktdp.memory_space<global>} : memref<4x16xf16>
  %B = ktdp.construct_memory_view %pb, sizes: [16, 32], strides: [32, 1] {coordinate_set = #b, memory_space = #ktdp.memory_space<global>} : memref<16x32xf16>
  %C = ktdp.construct_memory_view %pc, sizes: [4, 32], strides: [32, 1] {coordinate_set = #c, memory_space = #ktdp.memory_space<global>} : memref<4x32xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #a, access_tile_order = #id} : memref<4x16xf16> -> !ktdp.access_tile<4x16xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #b, access_tile_order = #id} : memref<16x32xf16> -> !ktdp.access_tile<16x32xindex>
  %tc = ktdp.construct_access_tile %C[%c0, %c0] {access_tile_set = #c, access_tile_order = #id} : memref<4x32xf16> -> !ktdp.access_tile<4x32xindex>
  %a = ktdp.load %ta : !ktdp.access_tile<4x16xindex> -> tensor<4x16xf16>
  %b = ktdp.load %tb : !ktdp.access_tile<16x32xindex> -> tensor<16x32xf16>
  %e = tensor.empty() : tensor<4x32xf16>
  %r = linalg.matmul ins(%a, %b : tensor<4x16xf16>, tensor<16x32xf16>) outs(%e : tensor<4x32xf16>) -> tensor<4x32xf16>
  ktdp.store %r, %tc : tensor<4x32xf16>, !ktdp.access_tile<4x32xindex>
  return
}
