// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre tests/passes/codegen/devices/tiny_l1.mlir
// ragged_tiny_l1_room.mlir - per row of 1024 (24 rows over 4 tiles), the
// sum s of its first row mod 3 + 1 blocks of 256, then y = x * s over
// them (ragged_fuzz, seed 1010). On tiny_l1 (a scratchpad of 32 KiB)
// ktc-nest's jammed rows' nests, each leaving the ones after it half the
// room it found, left the last no room for a tile ("no tile fits"); run
// again without row-jam, every nest had one (2508 cycles there). Since
// tile-size selection counts the buffers the corelets split copies once an
// instance, the jammed run fits and the model drops row-jam itself: 1073
// cycles (ragged_tiny_l1_sums still needs the run without row-jam).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @ragged_tiny_l1_room(%x: index, %y: index, %s: index, %n: index) attributes {grid = [4]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %cG = arith.constant 4 : index
  %cR = arith.constant 24 : index
  %cMB = arith.constant 4 : index
  %B = arith.constant 256 : index
  %X = ktdp.construct_memory_view %x, sizes: [24, 1024], strides: [1024, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<24x1024xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [24, 1024], strides: [1024, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<24x1024xf16>
  %S = ktdp.construct_memory_view %s, sizes: [24, 256], strides: [256, 1] {coordinate_set = #out, memory_space = #ktdp.memory_space<global>} : memref<24x256xf16>
  %half = arith.constant dense<0.5> : tensor<1x256xf16>
  %zeros = arith.constant dense<0.0> : tensor<1x256xf16>
  scf.for %row = %tile to %cR step %cG {
    %m = arith.remui %row, %c3 : index
    %k = arith.addi %m, %c1 : index
    %lb = arith.addi %c0, %c0 : index
    %ub = arith.muli %k, %B : index
    %sum = scf.for %off = %lb to %ub step %B iter_args(%acc = %zeros) -> (tensor<1x256xf16>) {
      %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<24x1024xf16> -> !ktdp.access_tile<1x256xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %a = arith.addf %acc, %v : tensor<1x256xf16>
      scf.yield %a : tensor<1x256xf16>
    }
    %ts = ktdp.construct_access_tile %S[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<24x256xf16> -> !ktdp.access_tile<1x256xindex>
    ktdp.store %sum, %ts : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
  }
  return
}
