// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower | ktc-codegen --ktir=tiles_corelets.mlir | ktc-launch /dev/stdin --random-inputs=1 --check --stats
// PARSE: --device=sample
// PRINT: none
// tiles_corelets.mlir - C = A + B, 8 rows of 64 f16 per tile on a grid of
// 40 tiles: on sample, whose one core hosts them all, each unit runs its
// program once per tile, and ktc-nest splits the rows over both corelets.
// Each tile's share of the corelets (rows [0, 4) and [4, 8)) is a per-unit
// value; ktc-codegen used to give every tile registers of its own for them
// and ran out of its 64 ("needs more than 64 scalar registers"): the later
// tiles reuse the first tile's. The tiles alternate between the halves of
// the L1, the barrier between them lagging by one (2880 cycles with a full
// barrier). Launched against ktc-interp.
module {
  func.func @tiles_corelets(%a: index, %b: index, %c: index) attributes {grid = [40]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 8 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %A = ktdp.construct_memory_view %a, sizes: [320, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 319 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<320x64xf16>
    %B = ktdp.construct_memory_view %b, sizes: [320, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 319 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<320x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [320, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 319 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<320x64xf16>
    scf.for %row = %rows to %end step %c1 {
      %ta = ktdp.construct_access_tile %A[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<320x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tb = ktdp.construct_access_tile %B[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<320x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tc = ktdp.construct_access_tile %C[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<320x64xf16> -> !ktdp.access_tile<1x64xindex>
      %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %y = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %sum = arith.addf %x, %y : tensor<1x64xf16>
      ktdp.store %sum, %tc : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
