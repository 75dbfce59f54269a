// RUN: ktc-split
// PARSE: --device=sample
// generic_col_sumsq.mlir - column sums of squares of a 40x64 f16 matrix
// written as a linalg.generic whose reduction loop is outside its parallel
// one: it folds the rows in iteration order (acc = x[i, j] * x[i, j] + acc,
// i = 0, 1, ..., from the init), as ktc-interp runs it; ktc-split chains
// elementwise generics over the 64 columns, the first running the body on
// rows 0 .. 29, the second on rows 30 .. 39 after it.
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 39 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#y_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
module {
  func.func @col_sumsq(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [40, 64], strides: [64, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<40x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [64], strides: [1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<64xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<40x64xf16> -> !ktdp.access_tile<40x64xindex>
    %ty = ktdp.construct_access_tile %Y[%c0] {
      access_tile_set = #y_set, access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<64xf16> -> !ktdp.access_tile<64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<40x64xindex> -> tensor<40x64xf16>
    %z = arith.constant 0.0 : f16
    %e = tensor.empty() : tensor<64xf16>
    %init = linalg.fill ins(%z : f16) outs(%e : tensor<64xf16>) -> tensor<64xf16>
    %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%v : tensor<40x64xf16>) outs(%init : tensor<64xf16>) {
    ^bb0(%a: f16, %acc: f16):
      %sq = arith.mulf %a, %a : f16
      %r = arith.addf %sq, %acc : f16
      linalg.yield %r : f16
    } -> tensor<64xf16>
    ktdp.store %s, %ty : tensor<64xf16>, !ktdp.access_tile<64xindex>
    return
  }
}
