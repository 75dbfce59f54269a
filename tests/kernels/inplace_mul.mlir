// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// inplace_mul.mlir - X *= W in place (the store's view aliases the load's:
// both are views of %x) on a 4x128 f16 matrix over a 2x2 grid, tile (i, j)
// taking the 2x64 block at rows 2i, columns 64j. The binary's grid is the
// linear 4, 1, 1: ktc-launch --check runs the KTIR on its own [2, 2] grid
// (before, on 4 x 1 tiles, tile j was always 0 and 256 elements differed).
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
