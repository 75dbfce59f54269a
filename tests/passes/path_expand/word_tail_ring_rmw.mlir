// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// word_tail_ring.mlir on sample, whose DMA store unit writes whole words:
// the 488-element tail of a row of 1000 f16 is stored by read-modify-write
// (its DMA load unit reading the words back), and the next row's store
// may share a word with it, so its pipeline keeps one staging copy (a
// check of the rows' word windows, disjoint here, could let it stream);
// the first 512 elements, whole 64-byte words astride two, keep their ring
// of 4 copies.
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
