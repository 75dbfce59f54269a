// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// LAUNCH: --arg n=1 --arg mb=6
// LAUNCH: --arg n=3 --arg mb=6
// LAUNCH: --arg n=6 --arg mb=6
// ragged_jam_sregs.mlir - per row of 384 (24 rows over 2 cores), the sum s
// of its first min(row + 1, n, mb) blocks of 64 (mb <= 6), then y = x * s
// over those blocks (ragged_fuzz, seed 1111; its cap of 6 blocks a launch
// argument here, so that no bound ktc-nest may learn to take from it
// shrinks the tiles below what needs the registers). On spyre ktc-nest
// jams 4 rows a run: the run's body computes each row's block count, the
// tiles and remainder pieces of its two passes and their addresses, and
// the nests read them from the first row's first pass to the last row's
// second, with 16 phase counters beside them. ktc-codegen ran out of the
// MNILU's 64 scalar registers ("60 temporaries live, 4 per-unit
// registers"); its last try of a program now gives up such index values
// before a loop that does not read them and makes them again before the
// next op that does.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 + 383 >= 0)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 23 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @ragged_jam_sregs(%x: index, %y: index, %s: index, %n: index, %mb: index) attributes {grid = [2]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %cG = arith.constant 2 : index
  %cR = arith.constant 24 : index
  %B = arith.constant 64 : index
  %X = ktdp.construct_memory_view %x, sizes: [24, 384], strides: [384, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<24x384xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [24, 384], strides: [384, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<24x384xf16>
  %S = ktdp.construct_memory_view %s, sizes: [24, 64], strides: [64, 1] {coordinate_set = #out, memory_space = #ktdp.memory_space<global>} : memref<24x64xf16>
  %half = arith.constant dense<0.5> : tensor<1x64xf16>
  %zeros = arith.constant dense<0.0> : tensor<1x64xf16>
  scf.for %row = %tile to %cR step %cG {
    %r1 = arith.addi %row, %c1 : index
    %k0 = arith.minui %r1, %n : index
    %k = arith.minui %k0, %mb : index
    %lb = arith.addi %c0, %c0 : index
    %ub = arith.muli %k, %B : index
    %sum = scf.for %off = %lb to %ub step %B iter_args(%acc = %zeros) -> (tensor<1x64xf16>) {
      %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<24x384xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %a = arith.addf %acc, %v : tensor<1x64xf16>
      scf.yield %a : tensor<1x64xf16>
    }
    %ts = ktdp.construct_access_tile %S[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<24x64xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %sum, %ts : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    scf.for %off = %lb to %ub step %B {
      %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<24x384xf16> -> !ktdp.access_tile<1x64xindex>
      %ty = ktdp.construct_access_tile %Y[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<24x384xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %w = arith.mulf %v, %sum : tensor<1x64xf16>
      ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
  }
  return
}
