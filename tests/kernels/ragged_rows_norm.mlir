// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH:
// ragged_rows_norm.mlir - row r of an 8x256 f16 matrix sums its first
// min(r + 1, 4) blocks of 64 (s[r] = their sum, a vector of 64), then
// scales those blocks by s[r] / 2 (y; the rest left as it was): two
// passes whose block loops run a different number of iterations in each
// row. Row-jam takes 4 rows a run, not 8: each pass of each jammed row
// becomes tile loops whose buffer phases ktc-lower counts across the rows
// in registers (sched/lin.h, SCHED_MAX_COUNTED_PHASES; one count for both
// passes of a row, over the same blocks), and 8 rows a run would make
// more of them than the registers hold.
// tests/passes/nest/row_jam_ragged.mlir is its --stats.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @ragged_rows_norm(%x: index, %y: index, %s: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %B = arith.constant 64 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %S = ktdp.construct_memory_view %s, sizes: [8, 64], strides: [64, 1] {coordinate_set = #out, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
    %half = arith.constant dense<0.5> : tensor<1x64xf16>
    %zeros = arith.constant dense<0.0> : tensor<1x64xf16>
    scf.for %row = %c0 to %c8 step %c1 {
      %r1 = arith.addi %row, %c1 : index
      %nb = arith.minui %r1, %c4 : index
      %ub = arith.muli %nb, %B : index
      %sum = scf.for %off = %c0 to %ub step %B iter_args(%acc = %zeros) -> (tensor<1x64xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %n = arith.addf %acc, %v : tensor<1x64xf16>
        scf.yield %n : tensor<1x64xf16>
      }
      %ts = ktdp.construct_access_tile %S[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<1x64xindex>
      ktdp.store %sum, %ts : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      scf.for %off = %c0 to %ub step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %sum : tensor<1x64xf16>
        %r = arith.mulf %w, %half : tensor<1x64xf16>
        ktdp.store %r, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
    }
    return
  }
}
