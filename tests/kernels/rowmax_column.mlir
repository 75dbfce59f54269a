// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre sample
// rowmax_column.mlir - err_mask_rows.mlir with 64 rows a tile: each tile's
// 64x1 column of row maxima (128 bytes at 128 t bytes) starts a word, as
// its staging buffer does: spyre's masked store (dma.mask) runs.
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rowmax_column(%x: index, %y: index) attributes {grid = [4]} {
    %t = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %row = arith.muli %t, %c64 : index
    %X = ktdp.construct_memory_view %x, sizes: [256, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<256x64xf16>
    %tx = ktdp.construct_access_tile %X[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = #id
    } : memref<256x64xf16> -> !ktdp.access_tile<64x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
    %ninf = arith.constant 0xFC00 : f16
    %i0 = tensor.splat %ninf : tensor<64xf16>
    %s = linalg.reduce { arith.maximumf } ins(%v : tensor<64x64xf16>) outs(%i0 : tensor<64xf16>) dimensions = [1]
    %s2 = tensor.expand_shape %s [[0, 1]] output_shape [64, 1] : tensor<64xf16> into tensor<64x1xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [256, 1], strides: [1, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<256x1xf16>
    %ty = ktdp.construct_access_tile %Y[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 >= 0)>,
      access_tile_order = #id
    } : memref<256x1xf16> -> !ktdp.access_tile<64x1xindex>
    ktdp.store %s2, %ty : tensor<64x1xf16>, !ktdp.access_tile<64x1xindex>
    return
  }
}
