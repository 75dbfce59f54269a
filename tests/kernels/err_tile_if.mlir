// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower
// PARSE: --device=sample
// err_tile_if.mlir - tile 0 stores X * X, the others X + W: pipelines under
// an scf.if on the tile id are refused by ktc-lower at the scf.if.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @tile_if(%x: index, %w: index, %y: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %W = ktdp.construct_memory_view %w, sizes: [4, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %tx = ktdp.construct_access_tile %X[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %tw = ktdp.construct_access_tile %W[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %first = arith.cmpi eq, %tile, %c0 : index
    scf.if %first {
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %sq = arith.mulf %v, %v : tensor<1x64xf16>
      ktdp.store %sq, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    } else {
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %wv = ktdp.load %tw : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %s = arith.addf %v, %wv : tensor<1x64xf16>
      ktdp.store %s, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
