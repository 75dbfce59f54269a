// RUN: ktc-split
// PARSE: --device=sample
// A whole reduction of a 1-D row into a one-element init of rank 1
// (tensor<1xf16>, as Triton-style KTIR writes tl.sum of a 1-D block):
// ktc-split reduces into a rank-0 splat of the init's scalar and expands
// the result back to tensor<1xf16> for the store. Before, the verifier
// refused the init; accepted, the generic's output map had no result for
// its one dimension ("dest memref has rank 1 but dest_map has 0 results").
#row = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @row_sum(%x: index, %s: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [128], strides: [1] {
    coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<128xf16>
  %S = ktdp.construct_memory_view %s, sizes: [1], strides: [1] {
    coordinate_set = #one, memory_space = #ktdp.memory_space<global>} : memref<1xf16>
  %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = #row, access_tile_order = #id1} : memref<128xf16> -> !ktdp.access_tile<128xindex>
  %ts = ktdp.construct_access_tile %S[%c0] {access_tile_set = #one, access_tile_order = #id1} : memref<1xf16> -> !ktdp.access_tile<1xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<128xindex> -> tensor<128xf16>
  %z = arith.constant 0.0 : f16
  %init = tensor.splat %z : tensor<1xf16>
  %sum = linalg.reduce { arith.addf } ins(%v : tensor<128xf16>) outs(%init : tensor<1xf16>) dimensions = [0]
  ktdp.store %sum, %ts : tensor<1xf16>, !ktdp.access_tile<1xindex>
  return
}
