// RUN: ktc-split
// PARSE: --device=spyre
// The peel (split.h "Masked tiles", split_mask.c): exp over the n columns
// of a row (n known at launch) in blocks of 64, the stores masked past n.
// The block loop runs its whole blocks first, up to min(256, n - 63), its
// tiles unmasked; then its clone, from the first block left, one
// iteration at most (nothing but the masked store has an effect), its
// tile loop cut at the columns in the set.
#set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>
#blk = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#id = affine_map<(d0) -> (d0)>
func.func @peel_masked(%x: index, %y: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %X = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [%n], strides: [1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  scf.for %col = %c0 to %c256 step %c64 {
    %tx = ktdp.construct_access_tile %X[%col] {access_tile_set = #blk, access_tile_order = #id} : memref<?xf16> -> !ktdp.access_tile<64xindex>
    %ty = ktdp.construct_access_tile %Y[%col] {access_tile_set = #blk, access_tile_order = #id} : memref<?xf16> -> !ktdp.access_tile<64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<64xindex> -> tensor<64xf16>
    %e = math.exp %v : tensor<64xf16>
    ktdp.store %e, %ty : tensor<64xf16>, !ktdp.access_tile<64xindex>
  }
  return
}
