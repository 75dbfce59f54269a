// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower | ktc-codegen --emit=text --print-locs --ktir=chain_add.mlir
// PARSE: --device=sample
// PRINT: none
// chain_add.mlir - the whole chain on the reference's sanity shape: C = A +
// B by rows over a grid of 2 tiles, 5 program units (MNILU, L1LU, SFU,
// L1SU, MNISU) with 2 signals. The sample device has one core: tile 1 runs
// after tile 0 on it, in the other half of the L1, with a barrier of the
// core's units between them that lags by a tile.
// Every instruction keeps the location of the KTIR op it comes from.
module {
  func.func @add(%a: index, %b: index, %c: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %rows = arith.muli %tile, %c2 : index
    %end = arith.addi %rows, %c2 : index
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
    scf.for %row = %rows to %end step %c1 {
      %ta = ktdp.construct_access_tile %A[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tb = ktdp.construct_access_tile %B[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tc = ktdp.construct_access_tile %C[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
      %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %y = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %sum = arith.addf %x, %y : tensor<1x64xf16>
      ktdp.store %sum, %tc : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
