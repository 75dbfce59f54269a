// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// matmul_f32.mlir - C = A B in f32 (A 2x16, B 16x32, outs a zero fill):
// the split takes it (as for 16-bit data, without conversions: ktc-interp
// accumulates f32 in f32). Each step splats A[i, k] from the scratchpad;
// spyre's L1 load unit reads 128-byte sticks or 2-byte elements, so one
// 4-byte f32 as two 2-byte pieces. The sample device has no f32 lanes.
#a = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 15 >= 0)>
#b = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#c = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul_f32(%pa: index, %pb: index, %pc: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %pa, sizes: [2, 16], strides: [16, 1] {coordinate_set = #a, memory_space = #ktdp.memory_space<global>} : memref<2x16xf32>
  %B = ktdp.construct_memory_view %pb, sizes: [16, 32], strides: [32, 1] {coordinate_set = #b, memory_space = #ktdp.memory_space<global>} : memref<16x32xf32>
  %C = ktdp.construct_memory_view %pc, sizes: [2, 32], strides: [32, 1] {coordinate_set = #c, memory_space = #ktdp.memory_space<global>} : memref<2x32xf32>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #a, access_tile_order = #id} : memref<2x16xf32> -> !ktdp.access_tile<2x16xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #b, access_tile_order = #id} : memref<16x32xf32> -> !ktdp.access_tile<16x32xindex>
  %tc = ktdp.construct_access_tile %C[%c0, %c0] {access_tile_set = #c, access_tile_order = #id} : memref<2x32xf32> -> !ktdp.access_tile<2x32xindex>
  %a = ktdp.load %ta : !ktdp.access_tile<2x16xindex> -> tensor<2x16xf32>
  %b = ktdp.load %tb : !ktdp.access_tile<16x32xindex> -> tensor<16x32xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x32xf32>) -> tensor<2x32xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x16xf32>, tensor<16x32xf32>) outs(%f : tensor<2x32xf32>) -> tensor<2x32xf32>
  ktdp.store %r, %tc : tensor<2x32xf32>, !ktdp.access_tile<2x32xindex>
  return
}
