// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg col=0
// LAUNCH: --arg col=5
// LAUNCH: --arg col=32
// block_col_words.mlir - a 4x32 f16 block of A[4x64] at column %col (an
// argument), widened to f32. Its rows are half a 128-byte word at an offset
// known only at launch: ktc-path-expand reads each row's two words and
// takes the block at `col mod 64` inside them (`(col + i * 64) mod 64`
// folds to `col mod 64`: the rows are whole words apart). ktc-nest's
// normalize makes those word offsets index values before the row loop,
// and coarsening reads the 4 rows' words in one DMA (spyre: 814 cycles a
// row at a time, 336).
func.func @block_col_words(%pa: index, %pb: index, %col: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %pa, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %B = ktdp.construct_memory_view %pb, sizes: [4, 32], strides: [32, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<4x32xf32>
  %ta = ktdp.construct_access_tile %A[%c0, %col] {
    access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x64xf16> -> !ktdp.access_tile<4x32xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {
    access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x32xf32> -> !ktdp.access_tile<4x32xindex>
  %a = ktdp.load %ta : !ktdp.access_tile<4x32xindex> -> tensor<4x32xf16>
  %e = tensor.empty() : tensor<4x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x32xf16>) outs(%e : tensor<4x32xf32>) {
  ^bb0(%in: f16, %out: f32):
    %w = arith.extf %in : f16 to f32
    linalg.yield %w : f32
  } -> tensor<4x32xf32>
  ktdp.store %r, %tb : tensor<4x32xf32>, !ktdp.access_tile<4x32xindex>
  return
}
