// RUN: ktc-split | ktc-path-expand | ktc-nest --disable=sink | ktc-allocate | ktc-lower | ktc-codegen --ktir=mixed_corelets.mlir | ktc-launch /dev/stdin --random-inputs=1 --check --stats
// PARSE: --device=sample
// PRINT: none
// mixed_corelets.mlir - two programs sharing the corelets' unit kinds: C =
// A + B on a 4x64 tile (a tiled point loop ktc-nest could split over both
// corelets), then E = C - A row by row in a loop whose variable is the
// second program's parameter (nothing to split). ktc-nest's corelets
// splits the first over both corelets and leaves the second whole: ktc-lower
// runs its stages on corelet 0 (a guard loop on the others), and the signals
// between a split stage and a whole one join every corelet of each side
// (sched/lower.h). Before, ktc-lower ran every stage of a unit kind on the
// same corelets, so neither program was split. Launched against ktc-interp.
module {
  func.func @mixed_corelets(%a: index, %b: index, %c: index, %e: index)
      attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
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
    %x = ktdp.load %ta : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
    %y = ktdp.load %tb : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
    %sum = arith.addf %x, %y : tensor<4x64xf16>
    ktdp.store %sum, %tc : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
    scf.for %r = %c0 to %c4 step %c1 {
      %sc = ktdp.construct_access_tile %C[%r, %c0] {
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
      %u = ktdp.load %sc : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %w = ktdp.load %sa : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %diff = arith.subf %u, %w : tensor<1x64xf16>
      ktdp.store %diff, %se : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
