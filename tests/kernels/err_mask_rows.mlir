// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// err_mask_rows.mlir - the f16 max of each of a tile's 4 rows of 64,
// stored as a 4x1 column (8 bytes at 8 t bytes, tile t of 4): spyre's
// MNISU writes it under a byte mask (dma.mask), whose source and
// destination must sit at the same offset in their 128-byte words, but
// the staging buffer starts a word and the column does not (tiles 1..3).
// A store of several rows is not moved in its buffer: refused at compile
// time (it failed at launch before).
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @err_mask_rows(%x: index, %y: index) attributes {grid = [4]} {
    %t = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %row = arith.muli %t, %c4 : index
    %X = ktdp.construct_memory_view %x, sizes: [16, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16x64xf16>
    %tx = ktdp.construct_access_tile %X[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = #id
    } : memref<16x64xf16> -> !ktdp.access_tile<4x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
    %ninf = arith.constant 0xFC00 : f16
    %i0 = tensor.splat %ninf : tensor<4xf16>
    %s = linalg.reduce { arith.maximumf } ins(%v : tensor<4x64xf16>) outs(%i0 : tensor<4xf16>) dimensions = [1]
    %s2 = tensor.expand_shape %s [[0, 1]] output_shape [4, 1] : tensor<4xf16> into tensor<4x1xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [16, 1], strides: [1, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16x1xf16>
    %ty = ktdp.construct_access_tile %Y[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 >= 0)>,
      access_tile_order = #id
    } : memref<16x1xf16> -> !ktdp.access_tile<4x1xindex>
    ktdp.store %s2, %ty : tensor<4x1xf16>, !ktdp.access_tile<4x1xindex>
    return
  }
}
