// RUN: ktc-split
// PARSE: --device=spyre
// transpose_load.mlir - Y = -X for a 64x64 f16 X read through a
// column-major view (strides [1, 64]: X[i, j] at j * 64 + i), Y row-major.
// X's innermost dim is not contiguous: ktc-split moves its tile in storage
// order (access_tile_order swapping the dims) and a linalg.generic
// transposes it on the compute unit (split_layouts, split_index.c).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @transpose_load(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [64, 64], strides: [1, 64] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
    %a = ktdp.load %tx : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
    %b = arith.negf %a : tensor<64x64xf16>
    ktdp.store %b, %ty : tensor<64x64xf16>, !ktdp.access_tile<64x64xindex>
    return
  }
}
