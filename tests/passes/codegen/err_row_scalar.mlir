// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower | ktc-codegen --emit=text --ktir=err_row_scalar.mlir
// PARSE: --device=spyre
// PRINT: none
// err_row_scalar.mlir - a per-row f32 scale loaded from a 2x1 tensor and
// broadcast over its row: row 1's scalar is at byte 4 of the tensor, and
// the device's DMA reads 128-byte granules aligned to 128. Refused at the
// read (before, it compiled and the simulated DMA failed at launch).
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#s1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#bc = affine_map<(d0, d1) -> (d0, 0)>
func.func @row_scalar(%x: index, %s: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x64xf32>
  %S = ktdp.construct_memory_view %s, sizes: [2, 1], strides: [1, 1] {coordinate_set = #s1, memory_space = #ktdp.memory_space<global>} : memref<2x1xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x64xf32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x64xf32> -> !ktdp.access_tile<2x64xindex>
  %ts = ktdp.construct_access_tile %S[%c0, %c0] {access_tile_set = #s1, access_tile_order = #id} : memref<2x1xf32> -> !ktdp.access_tile<2x1xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x64xf32> -> !ktdp.access_tile<2x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf32>
  %sc = ktdp.load %ts : !ktdp.access_tile<2x1xindex> -> tensor<2x1xf32>
  %e = tensor.empty() : tensor<2x64xf32>
  %o = linalg.generic {indexing_maps = [#id, #bc, #id], iterator_types = ["parallel", "parallel"]} ins(%v, %sc : tensor<2x64xf32>, tensor<2x1xf32>) outs(%e : tensor<2x64xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x64xf32>
  ktdp.store %o, %ty : tensor<2x64xf32>, !ktdp.access_tile<2x64xindex>
  return
}
