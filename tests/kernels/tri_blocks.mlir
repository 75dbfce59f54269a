// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH:
// tri_blocks.mlir - a ragged row scaling: row r of a 16x1024 f16 matrix
// scales its first (r / 4 + 1) * 128 columns by 2 (`for off in range(0,
// (r // 4 + 1) * 128, 128)`), the rest of y left as it was; 16 rows on a
// grid of 4 (rows t, t + 4, t + 8, t + 12: 1, 2, 3 and 4 blocks). The
// block loop runs a different number of iterations in each row, so the
// buffer copies ktc-nest's phases take in turn across the rows are not
// numbered row * blocks + block: ktc-lower counts the block loop's
// iterations as they run, the row loop carrying the count (`iter_args`).
// Numbered as if every row ran as many blocks, the copies were taken out
// of turn and 1024 elements came out wrong on spyre, 512 on sample.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @tri_blocks(%x: index, %y: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %B = arith.constant 128 : index
    %X = ktdp.construct_memory_view %x, sizes: [16, 1024], strides: [1024, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<16x1024xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [16, 1024], strides: [1024, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<16x1024xf16>
    %two = arith.constant dense<2.0> : tensor<1x128xf16>
    scf.for %row = %tile to %c16 step %c4 {
      %q = arith.divui %row, %c4 : index
      %nb = arith.addi %q, %c1 : index
      %ub = arith.muli %nb, %B : index
      scf.for %off = %c0 to %ub step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<16x1024xf16> -> !ktdp.access_tile<1x128xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<16x1024xf16> -> !ktdp.access_tile<1x128xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
        %r = arith.mulf %v, %two : tensor<1x128xf16>
        ktdp.store %r, %ty : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
      }
    }
    return
  }
}
