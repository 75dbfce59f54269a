// RUN: ktc-split
// PARSE: --device=spyre
// A view's sizes and strides written as SSA values that index arithmetic
// makes constants (%cols = 128, %rows = %n4 divui %c2 = 4, its row stride
// %cols) are static to ktc-split, as if written as numbers: the rows are
// moved at constant offsets, not as tiles of launch-time strides marked
// `unaligned` (ktc-path-expand would read each through its words): spyre
// 507 cycles before, 340.
module {
  func.func @view_const_strides(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %n4 = arith.constant 8 : index
    %cols = arith.constant 128 : index
    %rows = arith.divui %n4, %c2 : index
    %X = ktdp.construct_memory_view %x, sizes: [%rows, %cols], strides: [%cols, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4x128xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4x128xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x128xf16> -> !ktdp.access_tile<4x128xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x128xf16> -> !ktdp.access_tile<4x128xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<4x128xindex> -> tensor<4x128xf16>
    %r = arith.addf %v, %v : tensor<4x128xf16>
    ktdp.store %r, %ty : tensor<4x128xf16>, !ktdp.access_tile<4x128xindex>
    return
  }
}
