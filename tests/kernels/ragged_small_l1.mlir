// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre tests/passes/codegen/devices/small_l1.mlir
// ragged_small_l1.mlir - per row of 768 (8 rows, one core), the sum s of
// its blocks of 256 from block row mod 3 on, then y = x * s over them
// (ragged_fuzz, seed 707, on small_l1: a scratchpad of 128 KiB). ktc-nest
// jams 4 rows a run and gives its 21 nests their phases one tile loop
// after another; row-phases took more for the first ones while the later
// ones still had one, and their chosen phases then overflowed the
// scratchpad (146944 bytes for 131072: "buffer %tile_in ... does not fit
// in L1"). The copies the later loops' chosen phases take are now counted
// first.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 767 >= 0)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @ragged_small_l1(%x: index, %y: index, %s: index, %n: index) attributes {grid = [1]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %cG = arith.constant 1 : index
  %cR = arith.constant 8 : index
  %cMB = arith.constant 3 : index
  %B = arith.constant 256 : index
  %X = ktdp.construct_memory_view %x, sizes: [8, 768], strides: [768, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x768xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 768], strides: [768, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x768xf16>
  %S = ktdp.construct_memory_view %s, sizes: [8, 256], strides: [256, 1] {coordinate_set = #out, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
  %half = arith.constant dense<0.5> : tensor<1x256xf16>
  %zeros = arith.constant dense<0.0> : tensor<1x256xf16>
  scf.for %row = %tile to %cR step %cG {
    %m = arith.remui %row, %cMB : index
    %lb = arith.muli %m, %B : index
    %ub = arith.constant 768 : index
    %sum = scf.for %off = %lb to %ub step %B iter_args(%acc = %zeros) -> (tensor<1x256xf16>) {
      %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x768xf16> -> !ktdp.access_tile<1x256xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %a = arith.addf %acc, %v : tensor<1x256xf16>
      scf.yield %a : tensor<1x256xf16>
    }
    %ts = ktdp.construct_access_tile %S[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
    ktdp.store %sum, %ts : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    scf.for %off = %lb to %ub step %B {
      %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x768xf16> -> !ktdp.access_tile<1x256xindex>
      %ty = ktdp.construct_access_tile %Y[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x768xf16> -> !ktdp.access_tile<1x256xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %w = arith.mulf %v, %sum : tensor<1x256xf16>
      ktdp.store %w, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    }
  }
  return
}
