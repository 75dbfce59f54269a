// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg n=3
// LAUNCH: --arg n=100
// ragged_zero_lanes.mlir - per row of 768 (33 rows on one core), the sum
// s of its first min(row + 1, n, 3) blocks of 256, then y = x * s over
// those blocks (ragged_fuzz, seed 808). On sample ktc-nest jams 4 rows a
// run, each with an accumulator of 4 vectors that the run's first nest
// zeroes split over the 2 corelets (vectors 0-1 on corelet 0, 2-3 on
// corelet 1); the last row's masked remainder reads it in tiles of 2
// vectors a corelet (vectors 0 and 2 on corelet 0). ktc-lower took the
// next run's zeroing as ordered after that read by the SFU between them,
// which orders only its own corelet's: corelet 1 zeroed vector 2 before
// corelet 0 had read it, and y's vector 2 of block 2 came out 0 in 7 of
// the 8 runs' last rows (448 of 25344 elements).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 32 >= 0, d1 >= 0, -d1 + 767 >= 0)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 32 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @ragged_zero_lanes(%x: index, %y: index, %s: index, %n: index) attributes {grid = [1]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %cG = arith.constant 1 : index
  %cR = arith.constant 33 : index
  %cMB = arith.constant 3 : index
  %B = arith.constant 256 : index
  %X = ktdp.construct_memory_view %x, sizes: [33, 768], strides: [768, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<33x768xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [33, 768], strides: [768, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<33x768xf16>
  %S = ktdp.construct_memory_view %s, sizes: [33, 256], strides: [256, 1] {coordinate_set = #out, memory_space = #ktdp.memory_space<global>} : memref<33x256xf16>
  %half = arith.constant dense<0.5> : tensor<1x256xf16>
  %zeros = arith.constant dense<0.0> : tensor<1x256xf16>
  scf.for %row = %tile to %cR step %cG {
    %r1 = arith.addi %row, %c1 : index
    %k0 = arith.minui %r1, %n : index
    %k = arith.minui %k0, %cMB : index
    %lb = arith.addi %c0, %c0 : index
    %ub = arith.muli %k, %B : index
    %sum = scf.for %off = %lb to %ub step %B iter_args(%acc = %zeros) -> (tensor<1x256xf16>) {
      %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<33x768xf16> -> !ktdp.access_tile<1x256xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %a = arith.addf %acc, %v : tensor<1x256xf16>
      scf.yield %a : tensor<1x256xf16>
    }
    %ts = ktdp.construct_access_tile %S[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<33x256xf16> -> !ktdp.access_tile<1x256xindex>
    ktdp.store %sum, %ts : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    scf.for %off = %lb to %ub step %B {
      %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<33x768xf16> -> !ktdp.access_tile<1x256xindex>
      %ty = ktdp.construct_access_tile %Y[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<33x768xf16> -> !ktdp.access_tile<1x256xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %w = arith.mulf %v, %sum : tensor<1x256xf16>
      ktdp.store %w, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    }
  }
  return
}
