// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// rows96.mlir - the shape of the reference scheduler's sanity kernel,
// written anew: C = A + B on 96x64 f16 matrices at fixed device addresses,
// over a grid of 2 tiles; a call adds row 3 * tile + %i. One program, one
// three-stage pipeline (load A and B, add on the SFU, store C).
module {
  func.func @rows96(%i: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %a = arith.constant 4096 : index
    %b = arith.constant 16384 : index
    %c = arith.constant 28672 : index
    %tile = ktdp.get_compute_tile_id : index
    %first = arith.muli %tile, %c3 : index
    %row = arith.addi %first, %i : index
    %A = ktdp.construct_memory_view %a, sizes: [96, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 95 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<96x64xf16>
    %B = ktdp.construct_memory_view %b, sizes: [96, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 95 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<96x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [96, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 95 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<96x64xf16>
    %ta = ktdp.construct_access_tile %A[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<96x64xf16> -> !ktdp.access_tile<1x64xindex>
    %tb = ktdp.construct_access_tile %B[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<96x64xf16> -> !ktdp.access_tile<1x64xindex>
    %tc = ktdp.construct_access_tile %C[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<96x64xf16> -> !ktdp.access_tile<1x64xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %y = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %init = tensor.empty() : tensor<1x64xf16>
    %sum = linalg.add ins(%x, %y : tensor<1x64xf16>, tensor<1x64xf16>) outs(%init : tensor<1x64xf16>) -> tensor<1x64xf16>
    ktdp.store %sum, %tc : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
