// RUN: ktc-split
// PARSE: --device=sample
// col_select.mlir - a linalg.reduce over dimension 0 of a 6x2x64 f16
// tensor whose combiner is two ops (arith.cmpf ogt + arith.select, a max
// that keeps the output on NaN): each combine of ktc-interp's pairwise tree
// over the 6 rows (6 -> 3 -> 2, the odd third row carried -> 1, then the
// init) is a clone of the body in one elementwise generic over the kept
// 2x64 dims, reading each row at a constant index.
#x_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#y_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
module {
  func.func @col_select(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [6, 2, 64], strides: [128, 64, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<6x2x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0, %c0] {
      access_tile_set = #x_set, access_tile_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    } : memref<6x2x64xf16> -> !ktdp.access_tile<6x2x64xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {
      access_tile_set = #y_set, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<6x2x64xindex> -> tensor<6x2x64xf16>
    %lo = arith.constant -65504.0 : f16
    %init = tensor.splat %lo : tensor<2x64xf16>
    %r = linalg.reduce ins(%v : tensor<6x2x64xf16>) outs(%init : tensor<2x64xf16>) dimensions = [0]
      (%in: f16, %out: f16) {
        %gt = arith.cmpf ogt, %in, %out : f16
        %mx = arith.select %gt, %in, %out : f16
        linalg.yield %mx : f16
      }
    ktdp.store %r, %ty : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
    return
  }
}
