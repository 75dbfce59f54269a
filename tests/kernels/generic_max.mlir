// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// generic_max.mlir - the maximum of each of 2 rows of 128 f16 written as a
// linalg.generic reduction (maximumf from -inf): the generic folds in
// iteration order, the device as a pairwise tree; for max both give the
// same value, so ktc-split takes it.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#oset = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @row_max(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x128xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2], strides: [1] {coordinate_set = #oset, memory_space = #ktdp.memory_space<global>} : memref<2xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<2x128xf16> -> !ktdp.access_tile<2x128xindex>
  %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #oset, access_tile_order = affine_map<(d0) -> (d0)>} : memref<2xf16> -> !ktdp.access_tile<2xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<2x128xindex> -> tensor<2x128xf16>
  %z = arith.constant 0xFC00 : f16
  %e = tensor.empty() : tensor<2xf16>
  %s0 = linalg.fill ins(%z : f16) outs(%e : tensor<2xf16>) -> tensor<2xf16>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%v : tensor<2x128xf16>) outs(%s0 : tensor<2xf16>) {
  ^bb0(%a: f16, %acc: f16):
    %r = arith.maximumf %a, %acc : f16
    linalg.yield %r : f16
  } -> tensor<2xf16>
  ktdp.store %s, %ty : tensor<2xf16>, !ktdp.access_tile<2xindex>
  return
}
