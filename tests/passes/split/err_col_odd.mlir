// RUN: ktc-split
// PARSE: --device=sample
// Column sums of 33 rows: the pairwise tree's first level has an odd number
// of rows above what one generic folds (30), refused at the linalg.reduce.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 32 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#set1 = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @col_sums(%a: index, %s: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [33, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<33x64xf16>
  %S = ktdp.construct_memory_view %s, sizes: [64], strides: [1] {
    coordinate_set = #set1, memory_space = #ktdp.memory_space<global>} : memref<64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<33x64xf16> -> !ktdp.access_tile<33x64xindex>
  %ts = ktdp.construct_access_tile %S[%c0] {access_tile_set = #set1, access_tile_order = #id1} : memref<64xf16> -> !ktdp.access_tile<64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<33x64xindex> -> tensor<33x64xf16>
  %zero = arith.constant 0.0 : f16
  %init = tensor.splat %zero : tensor<64xf16>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<33x64xf16>) outs(%init : tensor<64xf16>) dimensions = [0]
  ktdp.store %sum, %ts : tensor<64xf16>, !ktdp.access_tile<64xindex>
  return
}
