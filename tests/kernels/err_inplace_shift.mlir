// RUN: ktc-split
// PARSE: --device=spyre
// err_inplace_shift.mlir - x[0, 1..257) = -x[0, 0..256) in place. KTIR
// loads the whole tile before the store writes; ktc streams it a vector at
// a time, so the second vector's load would read what the first vector's
// store wrote (before this check: 3 of 512 elements wrong on both
// devices). ktc-split refuses it at the store. In-place updates of the same
// elements in the same order, of tiles one vector long, of rows a constant
// apart (x[r] += x[r - 1]), of a row from further along it (x[0, 0..256) =
// -x[0, 1..257): each element read before its store) or of provably
// disjoint bytes compile (inplace_*.mlir, prefix_inplace.mlir).
func.func @shift(%a: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 512], strides: [512, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x512xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x512xf16> -> !ktdp.access_tile<1x256xindex>
  %tb = ktdp.construct_access_tile %A[%c0, %c1] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x512xf16> -> !ktdp.access_tile<1x256xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
  %n = arith.negf %x : tensor<1x256xf16>
  ktdp.store %n, %tb : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
  return
}
