// RUN: ktc-split | ktc-path-expand
// PARSE: --device=devices/words4.mlir
// A row's f16 max broadcast back over the row is read as one element of L1
// and splatted by the L1LU, but on devices/words4.mlir it reads 128-byte
// sticks or 4-byte words: no whole number of either is one 2-byte element.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @row_minus_max(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [1, 64], strides: [64, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %ninf = arith.constant 0xFC00 : f16
    %max0 = tensor.splat %ninf : tensor<1xf16>
    %max = linalg.reduce { arith.maximumf } ins(%v : tensor<1x64xf16>) outs(%max0 : tensor<1xf16>) dimensions = [1]
    %mx = tensor.extract %max[%c0] : tensor<1xf16>
    %mrow = tensor.splat %mx : tensor<1x64xf16>
    %d = arith.subf %v, %mrow : tensor<1x64xf16>
    ktdp.store %d, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
