// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// y = x + x over 4 rows of 1000 f16 (2000 bytes apart: each row starts at
// another offset in its 128-byte words). ktc-split runs a row as 512
// elements, then its tail of 488, each a pipeline in the rows' loop (the
// tail in no loop of one trip of its own). Both stream the rows through a
// ring of 4 staging copies (modulo(size: 4), no more copies than rows):
// the whole words astride two of the 512, and the 488, part of a word
// whose offset in its words moves from row to row, because spyre's DMA
// store unit writes under a byte mask. On sample, whose store unit reads
// words back, the tail keeps one copy (word_tail_ring_rmw.mlir).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 999 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @tail_ring(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 1000], strides: [1000, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x1000xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 1000], strides: [1000, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x1000xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<4x1000xf16> -> !ktdp.access_tile<4x1000xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<4x1000xf16> -> !ktdp.access_tile<4x1000xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<4x1000xindex> -> tensor<4x1000xf16>
    %w = arith.addf %v, %v : tensor<4x1000xf16>
    ktdp.store %w, %ty : tensor<4x1000xf16>, !ktdp.access_tile<4x1000xindex>
    return
  }
}
