// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// chain.mlir - D = A * B + sqrt(C) on 2x64 f16 tiles, written with an arith
// op, a math op and a named linalg op: the split makes each a generic and
// fuses them into one, three inputs and one output, in one pipeline under a
// loop over the two rows.
module {
  func.func @chain(%a: index, %b: index, %c: index, %d: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %A = ktdp.construct_memory_view %a, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %B = ktdp.construct_memory_view %b, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %D = ktdp.construct_memory_view %d, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %ta = ktdp.construct_access_tile %A[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    %tb = ktdp.construct_access_tile %B[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    %tc = ktdp.construct_access_tile %C[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    %td = ktdp.construct_access_tile %D[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
    %y = ktdp.load %tb : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
    %z = ktdp.load %tc : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
    %xy = arith.mulf %x, %y : tensor<2x64xf16>
    %r = math.sqrt %z : tensor<2x64xf16>
    %init = tensor.empty() : tensor<2x64xf16>
    %out = linalg.add ins(%xy, %r : tensor<2x64xf16>, tensor<2x64xf16>) outs(%init : tensor<2x64xf16>) -> tensor<2x64xf16>
    ktdp.store %out, %td : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
    return
  }
}
