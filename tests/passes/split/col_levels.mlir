// RUN: ktc-split
// PARSE: --device=sample
// Column sums of a 64x64 f16 matrix (linalg.reduce over dimension 0):
// more rows than one generic folds, so a first elementwise generic over
// (8, 64) folds rows i, i + 8, ..., i + 56 as the first three levels of
// ktc-interp's pairwise tree, into a scratchpad buffer of 8 rows; the last
// generic folds those 8 rows (each read at a constant index) and the init.
// A transfer's row i + 8 k is an index value (arith.addi) made before its
// pipeline.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#set1 = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @col_sums(%a: index, %s: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [64, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %S = ktdp.construct_memory_view %s, sizes: [64], strides: [1] {
    coordinate_set = #set1, memory_space = #ktdp.memory_space<global>} : memref<64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
  %ts = ktdp.construct_access_tile %S[%c0] {access_tile_set = #set1, access_tile_order = #id1} : memref<64xf16> -> !ktdp.access_tile<64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
  %zero = arith.constant 0.0 : f16
  %init = tensor.splat %zero : tensor<64xf16>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<64x64xf16>) outs(%init : tensor<64xf16>) dimensions = [0]
  ktdp.store %sum, %ts : tensor<64xf16>, !ktdp.access_tile<64xindex>
  return
}
