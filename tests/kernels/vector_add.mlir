// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// vector_add.mlir - C = A + B on 1024-element f16 vectors over a grid of 2
// tiles, each adding one 512-element tile: the split tiles it to the SIMD
// width (64 lanes of f16 on the sample device), a loop of 8 steps.
module {
  func.func @vector_add(%a: index, %b: index, %c: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c512 = arith.constant 512 : index
    %start = arith.muli %tile, %c512 : index
    %A = ktdp.construct_memory_view %a, sizes: [1024], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1024xf16>
    %B = ktdp.construct_memory_view %b, sizes: [1024], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1024xf16>
    %C = ktdp.construct_memory_view %c, sizes: [1024], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1024xf16>
    %ta = ktdp.construct_access_tile %A[%start] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<1024xf16> -> !ktdp.access_tile<512xindex>
    %tb = ktdp.construct_access_tile %B[%start] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<1024xf16> -> !ktdp.access_tile<512xindex>
    %tc = ktdp.construct_access_tile %C[%start] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<1024xf16> -> !ktdp.access_tile<512xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<512xindex> -> tensor<512xf16>
    %y = ktdp.load %tb : !ktdp.access_tile<512xindex> -> tensor<512xf16>
    %sum = arith.addf %x, %y : tensor<512xf16>
    ktdp.store %sum, %tc : tensor<512xf16>, !ktdp.access_tile<512xindex>
    return
  }
}
