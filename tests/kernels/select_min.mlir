// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// select_min.mlir - Z = relu(min(X, Y)) on 4x64 f16 blocks, written with
// comparisons and selects in one linalg.generic body: arith.cmpf olt +
// arith.select for the minimum (the first operand when equal or NaN is
// not less: select semantics, not arith.minimumf's), arith.cmpf ugt
// against a constant 0 + arith.select for the relu (NaN kept: ugt holds).
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @select_min(%x: index, %y: index, %z: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %Z = ktdp.construct_memory_view %z, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %tz = ktdp.construct_access_tile %Z[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %b = ktdp.load %ty : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %e = tensor.empty() : tensor<4x64xf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x64xf16>, tensor<4x64xf16>) outs(%e : tensor<4x64xf16>) {
  ^bb0(%p: f16, %q: f16, %o: f16):
    %lt = arith.cmpf olt, %p, %q : f16
    %m = arith.select %lt, %p, %q : f16
    %zero = arith.constant 0.0 : f16
    %pos = arith.cmpf ugt, %m, %zero : f16
    %v = arith.select %pos, %m, %zero : f16
    linalg.yield %v : f16
  } -> tensor<4x64xf16>
  ktdp.store %r, %tz : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
