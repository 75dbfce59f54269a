// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// DEVICES: spyre
// block_astride_rows.mlir - an 8x64 f16 block of A[8x128] at column 5,
// doubled. Each row of the block is a whole 128-byte word astride two:
// ktc-path-expand moves the two words around it, through staging buffers
// in 6 phases (modulo), the rows streaming. Coarsening leaves such a
// pipeline as it is, so tiling takes the row loop's 8 rows as one tile: in
// tiles of 1 (the cost model's choice before) each row drained the stream
// (spyre: 1474 cycles; one tile, 496).
func.func @block_astride_rows(%pa: index, %pb: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %A = ktdp.construct_memory_view %pa, sizes: [8, 128], strides: [128, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<8x128xf16>
  %B = ktdp.construct_memory_view %pb, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c5] {
    access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x128xf16> -> !ktdp.access_tile<8x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {
    access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  %a = ktdp.load %ta : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
  %r = arith.addf %a, %a : tensor<8x64xf16>
  ktdp.store %r, %tb : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
  return
}
