// RUN: ktc-split
// PARSE: --device=sample
// add.mlir (examples/add.mlir) - the first kernel to run: C = A + B on 128x64 f16 matrices,
// split by rows over a grid of 2 compute tiles, one 1x64 row per step.
module {
  func.func @add(%a: index, %b: index, %c: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %rows = arith.muli %tile, %c64 : index
    %end = arith.addi %rows, %c64 : index

    %A = ktdp.construct_memory_view %a, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>
    %B = ktdp.construct_memory_view %b, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>

    scf.for %row = %rows to %end step %c1 {
      %ta = ktdp.construct_access_tile %A[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<128x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tb = ktdp.construct_access_tile %B[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<128x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tc = ktdp.construct_access_tile %C[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<128x64xf16> -> !ktdp.access_tile<1x64xindex>
      %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %y = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %sum = arith.addf %x, %y : tensor<1x64xf16>
      ktdp.store %sum, %tc : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
