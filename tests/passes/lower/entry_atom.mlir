// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower
// PARSE: --device=spyre
// An index made once in a program's entry block, outside its loops, that
// is not affine in what it is made of (here each tile's view offset, r *
// 128 + c with r and c from the tile id through ktc-split's divisions) is
// an atom of ktc-lower's affine forms, the same in every iteration: X *= W
// in place, a 2x64 block a tile, row by row, stores row i of X and loads
// row i + 1, and the two boxes, both at that offset, meet in no two rows.
// So the load unit's loop has no wait for the store unit's row (no
// sync_recv after its two loads, one channel pair fewer than when the
// offset's hull made every row's store meet every later row's load).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @inplace_mul(%x: index, %w: index) attributes {grid = [2, 2]} {
    %ti, %tj = ktdp.get_compute_tile_id : index, index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %r = arith.muli %ti, %c2 : index
    %c = arith.muli %tj, %c64 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 128], strides: [128, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x128xf16>
    %W = ktdp.construct_memory_view %w, sizes: [4, 128], strides: [128, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x128xf16>
    %tx = ktdp.construct_access_tile %X[%r, %c] {access_tile_set = #blk, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<2x64xindex>
    %tw = ktdp.construct_access_tile %W[%r, %c] {access_tile_set = #blk, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<2x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
    %wv = ktdp.load %tw : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
    %p = arith.mulf %v, %wv : tensor<2x64xf16>
    ktdp.store %p, %tx : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
    return
  }
}
