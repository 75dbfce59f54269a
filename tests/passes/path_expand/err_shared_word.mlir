// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// A per-row statistic (one f16 a row) stored by 2 tiles, 2 rows each: a
// row's element is part of a 64-byte word the other tile's rows may share,
// which the sample device's DMA store unit writes whole. A read-modify-write
// would lose the other tile's elements written at the same time, so the
// store is refused where it is (before: left to ktc-codegen, which said
// "this DMA read of 2 bytes ... fits none of the accesses MNISU makes").
// On one tile (kernels/residual_rstd.mlir), or on spyre, it compiles.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @row_max(%x: index, %mx: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %start = arith.muli %tile, %c2 : index
    %end = arith.addi %start, %c2 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %M = ktdp.construct_memory_view %mx, sizes: [4], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4xf16>
    scf.for %i = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%i, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %ninf = arith.constant 0xFC00 : f16
      %init = tensor.splat %ninf : tensor<1xf16>
      %m = linalg.reduce { arith.maxnumf } ins(%v : tensor<1x64xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %tm = ktdp.construct_access_tile %M[%i] {access_tile_set = #one, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<1xindex>
      ktdp.store %m, %tm : tensor<1xf16>, !ktdp.access_tile<1xindex>
    }
    return
  }
}
