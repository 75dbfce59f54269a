// RUN: ktc-split
// PARSE: --device=sample
// col_max.mlir - column maxima of a 40x128 f16 matrix (linalg.reduce with
// arith.maximumf over dimension 0, from -65504): 40 rows are more than one
// generic folds, so a first level folds rows i, i + 5, ..., i + 35 (the
// tree's first three levels) into 5 rows, and the last generic folds those
// (an odd tree: the last row carried) and the init.
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 39 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#y_set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
module {
  func.func @col_max(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [40, 128], strides: [128, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<40x128xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [128], strides: [1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<128xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {
      access_tile_set = #x_set, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<40x128xf16> -> !ktdp.access_tile<40x128xindex>
    %ty = ktdp.construct_access_tile %Y[%c0] {
      access_tile_set = #y_set, access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<128xf16> -> !ktdp.access_tile<128xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<40x128xindex> -> tensor<40x128xf16>
    %lo = arith.constant -65504.0 : f16
    %init = tensor.splat %lo : tensor<128xf16>
    %m = linalg.reduce { arith.maximumf } ins(%v : tensor<40x128xf16>) outs(%init : tensor<128xf16>) dimensions = [0]
    ktdp.store %m, %ty : tensor<128xf16>, !ktdp.access_tile<128xindex>
    return
  }
}
