// RUN: ktc-split
// PARSE: --device=spyre
// transpose_store.mlir - Y = X + X for 2 row blocks of a 128x64 f16 X
// (row-major), Y written through a column-major view (strides [1, 128]):
// ktc-split transposes each block on the compute unit into Y's storage
// order and stores it through a tile of swapped order (split_layouts,
// split_index.c). ktc-path-expand moves a block's words for each column
// it reads; ktc-nest's coarsening moves them once a block, not once a
// column (29098 -> 657 cycles on spyre; 436 of compulsory traffic).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @transpose_store(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %X = ktdp.construct_memory_view %x, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<128x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [128, 64], strides: [1, 128] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<128x64xf16>
    scf.for %r = %c0 to %c128 step %c64 {
      %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<128x64xf16> -> !ktdp.access_tile<64x64xindex>
      %ty = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<128x64xf16> -> !ktdp.access_tile<64x64xindex>
      %a = ktdp.load %tx : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
      %b = arith.addf %a, %a : tensor<64x64xf16>
      ktdp.store %b, %ty : tensor<64x64xf16>, !ktdp.access_tile<64x64xindex>
    }
    return
  }
}
