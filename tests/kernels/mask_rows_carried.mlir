// RUN: ktc-split
// PARSE: --device=spyre
// LAUNCH: --arg m=0 --arg x=f16:48x16
// LAUNCH: --arg m=5 --arg x=f16:48x16
// LAUNCH: --arg m=17 --arg x=f16:48x16
// LAUNCH: --arg m=48 --arg x=f16:48x16
// mask_rows_carried.mlir - the sum of three 16-row blocks of an m x 16
// f16 matrix (m an argument, at most 48), carried in a 16x16 tensor: the
// view owns the rows below m, so the blocks' rows at m and past read 0
// (ref 6.6). The sum is stored unmasked: ktc-split zero-fills the reads,
// 4 rows of 16 a 64-lane vector, each lane compared by its row's place in
// the tile (a constant [0 x16, 1 x16, 2 x16, 3 x16]) with the rows left in
// the set from the vector's first row on.
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 15 >= 0)>
#tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 15 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 15 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @mask_rows_carried(%x: index, %y: index, %m: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %X = ktdp.construct_memory_view %x, sizes: [%m, 16], strides: [16, 1] {coordinate_set = #rows, memory_space = #ktdp.memory_space<global>} : memref<?x16xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [16, 16], strides: [16, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf16>
  %acc = scf.for %b = %c0 to %c3 step %c1 iter_args(%a = %z) -> (tensor<16x16xf16>) {
    %r = arith.muli %b, %c16 : index
    %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #tile, access_tile_order = #id} : memref<?x16xf16> -> !ktdp.access_tile<16x16xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<16x16xindex> -> tensor<16x16xf16>
    %n = arith.addf %a, %v : tensor<16x16xf16>
    scf.yield %n : tensor<16x16xf16>
  }
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<16x16xf16> -> !ktdp.access_tile<16x16xindex>
  ktdp.store %acc, %ty : tensor<16x16xf16>, !ktdp.access_tile<16x16xindex>
  return
}
