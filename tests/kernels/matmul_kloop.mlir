// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// matmul_kloop.mlir - C[8x64] = A[8x128] B[128x64] over a grid of 2 tiles
// (4 rows of C each), K blocked by 32 in an scf.for whose iter_args
// accumulate the blocks' products with arith.addf (Triton's matmul form):
// the loop carries its tensor in the scratchpad; per step, the A block (4
// rows of 32 f16: half a 128-byte word, at an offset known only at launch)
// is read one row at a time through its enclosing words, B's 32 rows
// whole; each block's product (f32 in order of k, rounded to f16) is added
// to the carried value, as ktc-interp does. (K and the block are constants:
// with bounds known only at launch ktc-nest leaves a tile size unresolved.)
func.func @matmul_kloop(%pa: index, %pb: index, %pc: index) attributes {grid = [2]} {
  %t = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %K = arith.constant 128 : index
  %BK = arith.constant 32 : index
  %row = arith.muli %t, %c4 : index
  %A = ktdp.construct_memory_view %pa, sizes: [8, 128], strides: [128, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<8x128xf16>
  %B = ktdp.construct_memory_view %pb, sizes: [128, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<128x64xf16>
  %C = ktdp.construct_memory_view %pc, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %zero = arith.constant dense<0.0> : tensor<4x64xf16>
  %acc = scf.for %k = %c0 to %K step %BK iter_args(%it = %zero) -> (tensor<4x64xf16>) {
    %ta = ktdp.construct_access_tile %A[%row, %k] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x128xf16> -> !ktdp.access_tile<4x32xindex>
    %tb = ktdp.construct_access_tile %B[%k, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<128x64xf16> -> !ktdp.access_tile<32x64xindex>
    %a = ktdp.load %ta : !ktdp.access_tile<4x32xindex> -> tensor<4x32xf16>
    %b = ktdp.load %tb : !ktdp.access_tile<32x64xindex> -> tensor<32x64xf16>
    %e = tensor.empty() : tensor<4x64xf16>
    %p = linalg.matmul ins(%a, %b : tensor<4x32xf16>, tensor<32x64xf16>) outs(%e : tensor<4x64xf16>) -> tensor<4x64xf16>
    %next = arith.addf %it, %p : tensor<4x64xf16>
    scf.yield %next : tensor<4x64xf16>
  }
  %tc = ktdp.construct_access_tile %C[%row, %c0] {
    access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x64xf16> -> !ktdp.access_tile<4x64xindex>
  ktdp.store %acc, %tc : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
