// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg col=0
// LAUNCH: --arg col=5
// LAUNCH: --arg col=32
// block_col_store.mlir - the 8x32 f16 block at column 0 of A[8x64], doubled,
// stored into B[8x64] at column %col (an argument): each row of B is half a 128-byte
// word at an offset known only at launch, stored under a byte mask
// (spyre's MNISU writes masked) from its staging buffer at `col mod 64`.
// Coarsening takes such a masked store as a box of the staging buffer: one
// DMA stores the tile's rows (spyre: 1457 cycles a row at a time, each
// waiting for the last one's write; 342).
func.func @block_col_store(%pa: index, %pb: index, %col: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %pa, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %B = ktdp.construct_memory_view %pb, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {
    access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x64xf16> -> !ktdp.access_tile<8x32xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %col] {
    access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x64xf16> -> !ktdp.access_tile<8x32xindex>
  %a = ktdp.load %ta : !ktdp.access_tile<8x32xindex> -> tensor<8x32xf16>
  %r = arith.addf %a, %a : tensor<8x32xf16>
  ktdp.store %r, %tb : tensor<8x32xf16>, !ktdp.access_tile<8x32xindex>
  return
}
