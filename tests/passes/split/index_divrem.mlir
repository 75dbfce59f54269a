// RUN: ktc-split
// PARSE: --device=sample
// Index divisions and remainders by a constant that bounds make plain
// arithmetic (split_index.c): tile (p, q) of a [2, 2] grid copies rows
// r = h * 8 + s (h = q, s = 4 p .. 4 p + 3, each below 8) of X[16, 64] to
// Y at row r remui 8 = s of its block 8 * (r divsi 8) = 8 h; both become
// affine in the tile ids and the IV. X is read at row 4 (r divui 4) +
// r remui 4 = r: s reaches 7, no bound puts the remainder below 4, both
// are left.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @divrem(%x: index, %y: index) attributes {grid = [2, 2]} {
  %p, %q = ktdp.get_compute_tile_id : index, index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %X = ktdp.construct_memory_view %x, sizes: [16, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [16, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
  %lo = arith.muli %p, %c4 : index
  %hi = arith.addi %lo, %c4 : index
  %base = arith.muli %q, %c8 : index
  scf.for %s = %lo to %hi step %c1 {
    %r = arith.addi %base, %s : index
    %pos = arith.remui %r, %c8 : index
    %blk = arith.divsi %r, %c8 : index
    %b8 = arith.muli %blk, %c8 : index
    %yr = arith.addi %b8, %pos : index
    %q4 = arith.divui %r, %c4 : index
    %m4 = arith.remui %r, %c4 : index
    %x4 = arith.muli %q4, %c4 : index
    %xr = arith.addi %x4, %m4 : index
    %tx = ktdp.construct_access_tile %X[%xr, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<16x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y[%yr, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<16x64xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    ktdp.store %v, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
