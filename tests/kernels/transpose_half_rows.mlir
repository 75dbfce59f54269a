// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// transpose_half_rows.mlir - Y = -X for a 32x64 f16 X read through a
// column-major view (strides [1, 32]): in storage order its rows are 32
// f16, half a 128-byte word, so a column a transposing read takes lies at
// offsets in their words that differ from row to row. ktc-path-expand
// moves the whole block (one contiguous run of words, whole_block) and the
// compute unit's reads take the column in it, an element at a time.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @transpose_half_rows(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [32, 64], strides: [1, 32] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<32x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [32, 64], strides: [64, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<32x64xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<32x64xf16> -> !ktdp.access_tile<32x64xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<32x64xf16> -> !ktdp.access_tile<32x64xindex>
    %a = ktdp.load %tx : !ktdp.access_tile<32x64xindex> -> tensor<32x64xf16>
    %b = arith.negf %a : tensor<32x64xf16>
    ktdp.store %b, %ty : tensor<32x64xf16>, !ktdp.access_tile<32x64xindex>
    return
  }
}
