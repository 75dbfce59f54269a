// RUN: ktc-split
// PARSE: --device=spyre
// transpose_padded.mlir - Y = exp(X) for a 64x16 f16 X stored column-major
// in padded columns (strides [1, 128]: X[i, j] at j * 128 + i, 64 unused
// elements after each column), Y row-major. X spans 1984 elements, more
// than its shape holds: ktc-codegen types its argument as a flat tensor
// of 1984 (ktc-launch sized it 64x16 before, and read past it). Slow on
// spyre (10247 cycles): each 32-byte row of Y is its own masked store.
#x = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 15 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @transpose_padded(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [64, 16], strides: [1, 128] {
      coordinate_set = #x, memory_space = #ktdp.memory_space<global>} : memref<64x16xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [64, 16], strides: [16, 1] {
      coordinate_set = #x, memory_space = #ktdp.memory_space<global>} : memref<64x16xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #x, access_tile_order = #id} : memref<64x16xf16> -> !ktdp.access_tile<64x16xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #x, access_tile_order = #id} : memref<64x16xf16> -> !ktdp.access_tile<64x16xindex>
    %a = ktdp.load %tx : !ktdp.access_tile<64x16xindex> -> tensor<64x16xf16>
    %b = math.exp %a : tensor<64x16xf16>
    ktdp.store %b, %ty : tensor<64x16xf16>, !ktdp.access_tile<64x16xindex>
    return
  }
}
