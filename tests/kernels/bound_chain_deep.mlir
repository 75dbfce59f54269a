// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=sample
// DEVICES: sample spyre
// LAUNCH: --arg n=1024
// LAUNCH: --arg n=320
// LAUNCH: --arg n=0
// bound_chain_deep.mlir - y[r, 0..n) = x[r, 0..n) + x[r, 0..n) by blocks of
// 64, on a grid of 4 (row r of tile r), where the loop's upper bound and the
// row are computed from n and the tile id by 30 steps a = (a + a) - a each:
// every walk over them looks at each op once. Session 27's ktc-nest did not
// finish (the linear forms of the tile sizes' bounds, the launch-time
// values its cost model evaluates and names, walked the 3^60 paths), nor
// did its ktc-lower (the values it evaluates per core).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @bound_chain_deep(%x: index, %y: index, %n: index) attributes {grid = [4]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %tile = ktdp.get_compute_tile_id : index
    %nb0 = arith.addi %n, %n : index
    %na0 = arith.subi %nb0, %n : index
    %nb1 = arith.addi %na0, %na0 : index
    %na1 = arith.subi %nb1, %na0 : index
    %nb2 = arith.addi %na1, %na1 : index
    %na2 = arith.subi %nb2, %na1 : index
    %nb3 = arith.addi %na2, %na2 : index
    %na3 = arith.subi %nb3, %na2 : index
    %nb4 = arith.addi %na3, %na3 : index
    %na4 = arith.subi %nb4, %na3 : index
    %nb5 = arith.addi %na4, %na4 : index
    %na5 = arith.subi %nb5, %na4 : index
    %nb6 = arith.addi %na5, %na5 : index
    %na6 = arith.subi %nb6, %na5 : index
    %nb7 = arith.addi %na6, %na6 : index
    %na7 = arith.subi %nb7, %na6 : index
    %nb8 = arith.addi %na7, %na7 : index
    %na8 = arith.subi %nb8, %na7 : index
    %nb9 = arith.addi %na8, %na8 : index
    %na9 = arith.subi %nb9, %na8 : index
    %nb10 = arith.addi %na9, %na9 : index
    %na10 = arith.subi %nb10, %na9 : index
    %nb11 = arith.addi %na10, %na10 : index
    %na11 = arith.subi %nb11, %na10 : index
    %nb12 = arith.addi %na11, %na11 : index
    %na12 = arith.subi %nb12, %na11 : index
    %nb13 = arith.addi %na12, %na12 : index
    %na13 = arith.subi %nb13, %na12 : index
    %nb14 = arith.addi %na13, %na13 : index
    %na14 = arith.subi %nb14, %na13 : index
    %nb15 = arith.addi %na14, %na14 : index
    %na15 = arith.subi %nb15, %na14 : index
    %nb16 = arith.addi %na15, %na15 : index
    %na16 = arith.subi %nb16, %na15 : index
    %nb17 = arith.addi %na16, %na16 : index
    %na17 = arith.subi %nb17, %na16 : index
    %nb18 = arith.addi %na17, %na17 : index
    %na18 = arith.subi %nb18, %na17 : index
    %nb19 = arith.addi %na18, %na18 : index
    %na19 = arith.subi %nb19, %na18 : index
    %nb20 = arith.addi %na19, %na19 : index
    %na20 = arith.subi %nb20, %na19 : index
    %nb21 = arith.addi %na20, %na20 : index
    %na21 = arith.subi %nb21, %na20 : index
    %nb22 = arith.addi %na21, %na21 : index
    %na22 = arith.subi %nb22, %na21 : index
    %nb23 = arith.addi %na22, %na22 : index
    %na23 = arith.subi %nb23, %na22 : index
    %nb24 = arith.addi %na23, %na23 : index
    %na24 = arith.subi %nb24, %na23 : index
    %nb25 = arith.addi %na24, %na24 : index
    %na25 = arith.subi %nb25, %na24 : index
    %nb26 = arith.addi %na25, %na25 : index
    %na26 = arith.subi %nb26, %na25 : index
    %nb27 = arith.addi %na26, %na26 : index
    %na27 = arith.subi %nb27, %na26 : index
    %nb28 = arith.addi %na27, %na27 : index
    %na28 = arith.subi %nb28, %na27 : index
    %nb29 = arith.addi %na28, %na28 : index
    %na29 = arith.subi %nb29, %na28 : index
    %tb0 = arith.addi %tile, %tile : index
    %ta0 = arith.subi %tb0, %tile : index
    %tb1 = arith.addi %ta0, %ta0 : index
    %ta1 = arith.subi %tb1, %ta0 : index
    %tb2 = arith.addi %ta1, %ta1 : index
    %ta2 = arith.subi %tb2, %ta1 : index
    %tb3 = arith.addi %ta2, %ta2 : index
    %ta3 = arith.subi %tb3, %ta2 : index
    %tb4 = arith.addi %ta3, %ta3 : index
    %ta4 = arith.subi %tb4, %ta3 : index
    %tb5 = arith.addi %ta4, %ta4 : index
    %ta5 = arith.subi %tb5, %ta4 : index
    %tb6 = arith.addi %ta5, %ta5 : index
    %ta6 = arith.subi %tb6, %ta5 : index
    %tb7 = arith.addi %ta6, %ta6 : index
    %ta7 = arith.subi %tb7, %ta6 : index
    %tb8 = arith.addi %ta7, %ta7 : index
    %ta8 = arith.subi %tb8, %ta7 : index
    %tb9 = arith.addi %ta8, %ta8 : index
    %ta9 = arith.subi %tb9, %ta8 : index
    %tb10 = arith.addi %ta9, %ta9 : index
    %ta10 = arith.subi %tb10, %ta9 : index
    %tb11 = arith.addi %ta10, %ta10 : index
    %ta11 = arith.subi %tb11, %ta10 : index
    %tb12 = arith.addi %ta11, %ta11 : index
    %ta12 = arith.subi %tb12, %ta11 : index
    %tb13 = arith.addi %ta12, %ta12 : index
    %ta13 = arith.subi %tb13, %ta12 : index
    %tb14 = arith.addi %ta13, %ta13 : index
    %ta14 = arith.subi %tb14, %ta13 : index
    %tb15 = arith.addi %ta14, %ta14 : index
    %ta15 = arith.subi %tb15, %ta14 : index
    %tb16 = arith.addi %ta15, %ta15 : index
    %ta16 = arith.subi %tb16, %ta15 : index
    %tb17 = arith.addi %ta16, %ta16 : index
    %ta17 = arith.subi %tb17, %ta16 : index
    %tb18 = arith.addi %ta17, %ta17 : index
    %ta18 = arith.subi %tb18, %ta17 : index
    %tb19 = arith.addi %ta18, %ta18 : index
    %ta19 = arith.subi %tb19, %ta18 : index
    %tb20 = arith.addi %ta19, %ta19 : index
    %ta20 = arith.subi %tb20, %ta19 : index
    %tb21 = arith.addi %ta20, %ta20 : index
    %ta21 = arith.subi %tb21, %ta20 : index
    %tb22 = arith.addi %ta21, %ta21 : index
    %ta22 = arith.subi %tb22, %ta21 : index
    %tb23 = arith.addi %ta22, %ta22 : index
    %ta23 = arith.subi %tb23, %ta22 : index
    %tb24 = arith.addi %ta23, %ta23 : index
    %ta24 = arith.subi %tb24, %ta23 : index
    %tb25 = arith.addi %ta24, %ta24 : index
    %ta25 = arith.subi %tb25, %ta24 : index
    %tb26 = arith.addi %ta25, %ta25 : index
    %ta26 = arith.subi %tb26, %ta25 : index
    %tb27 = arith.addi %ta26, %ta26 : index
    %ta27 = arith.subi %tb27, %ta26 : index
    %tb28 = arith.addi %ta27, %ta27 : index
    %ta28 = arith.subi %tb28, %ta27 : index
    %tb29 = arith.addi %ta28, %ta28 : index
    %ta29 = arith.subi %tb29, %ta28 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 1024], strides: [1024, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x1024xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 1024], strides: [1024, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x1024xf16>
    scf.for %off = %c0 to %na29 step %c64 {
      %tx = ktdp.construct_access_tile %X[%ta29, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<4x1024xf16> -> !ktdp.access_tile<1x64xindex>
      %ty = ktdp.construct_access_tile %Y[%ta29, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<4x1024xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %w = arith.addf %v, %v : tensor<1x64xf16>
      ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
