// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// three_groups.mlir - three compute groups in one kernel on 4x64 f16
// tiles: C = A + B at the top, then D = C * C twice in a loop, then
// E = D - A in a loop over the tile's rows. Each group becomes a program;
// groups in loop bodies are numbered first (post-order), so the top-level
// one is @local_schedule_2; the row loop's variable is a parameter.
module {
  func.func @three_groups(%a: index, %b: index, %c: index, %d: index, %e: index)
      attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %B = ktdp.construct_memory_view %b, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %D = ktdp.construct_memory_view %d, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %E = ktdp.construct_memory_view %e, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %ta = ktdp.construct_access_tile %A[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
    %tb = ktdp.construct_access_tile %B[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
    %tc = ktdp.construct_access_tile %C[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
    %td = ktdp.construct_access_tile %D[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>

    // Group 2 (top level): C = A + B.
    %x = ktdp.load %ta : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
    %y = ktdp.load %tb : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
    %sum = arith.addf %x, %y : tensor<4x64xf16>
    ktdp.store %sum, %tc : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>

    // Group 0: D = C * C, twice.
    scf.for %k = %c0 to %c2 step %c1 {
      %v = ktdp.load %tc : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
      %sq = arith.mulf %v, %v : tensor<4x64xf16>
      ktdp.store %sq, %td : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
    }

    // Group 1: E = D - A, row by row.
    scf.for %r = %c0 to %c4 step %c1 {
      %sd = ktdp.construct_access_tile %D[%r, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
      %sa = ktdp.construct_access_tile %A[%r, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
      %se = ktdp.construct_access_tile %E[%r, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
      %u = ktdp.load %sd : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %w = ktdp.load %sa : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %diff = arith.subf %u, %w : tensor<1x64xf16>
      ktdp.store %diff, %se : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
