// RUN: ktc-split
// PARSE: --device=spyre
// linalg.matmul (C + A B) as ktc-interp computes it, on the vector unit:
// A 2x17 and B 17x32 f16 are loaded, so each is first copied into the
// scratchpad (a copy generic); then a zero f32 accumulator (a splat, folded
// into its consumer as a captured constant), links of elementwise generics
// over (i, j) reading A[i, k] and B[k, j] at constant k (15 steps, then 2:
// acc + f32(a) * f32(b) each, in order of k), and the epilogue: the product
// rounded to f16, added to the loaded C in f32, rounded. The short last
// link fuses with the epilogue (6 inputs); the first cannot (31 inputs at
// most), nor do the copies read at constant indices. One row of 32 f32
// lanes per tile; the product, stored, goes through an f16 copy (2x32
// tiles of 64 lanes: whole 128-byte rows to store). The epilogue, which
// reads C and writes D in device memory in f16, takes both rows too: 64
// elements, two pieces of 32 f32 lanes (ktc-lower).
#a = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 16 >= 0)>
#b = affine_set<(d0, d1) : (d0 >= 0, -d0 + 16 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#c = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul(%pa: index, %pb: index, %pc: index, %pd: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %pa, sizes: [2, 17], strides: [17, 1] {coordinate_set = #a, memory_space = #ktdp.memory_space<global>} : memref<2x17xf16>
  %B = ktdp.construct_memory_view %pb, sizes: [17, 32], strides: [32, 1] {coordinate_set = #b, memory_space = #ktdp.memory_space<global>} : memref<17x32xf16>
  %C = ktdp.construct_memory_view %pc, sizes: [2, 32], strides: [32, 1] {coordinate_set = #c, memory_space = #ktdp.memory_space<global>} : memref<2x32xf16>
  %D = ktdp.construct_memory_view %pd, sizes: [2, 32], strides: [32, 1] {coordinate_set = #c, memory_space = #ktdp.memory_space<global>} : memref<2x32xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #a, access_tile_order = #id} : memref<2x17xf16> -> !ktdp.access_tile<2x17xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #b, access_tile_order = #id} : memref<17x32xf16> -> !ktdp.access_tile<17x32xindex>
  %tc = ktdp.construct_access_tile %C[%c0, %c0] {access_tile_set = #c, access_tile_order = #id} : memref<2x32xf16> -> !ktdp.access_tile<2x32xindex>
  %td = ktdp.construct_access_tile %D[%c0, %c0] {access_tile_set = #c, access_tile_order = #id} : memref<2x32xf16> -> !ktdp.access_tile<2x32xindex>
  %a = ktdp.load %ta : !ktdp.access_tile<2x17xindex> -> tensor<2x17xf16>
  %b = ktdp.load %tb : !ktdp.access_tile<17x32xindex> -> tensor<17x32xf16>
  %c = ktdp.load %tc : !ktdp.access_tile<2x32xindex> -> tensor<2x32xf16>
  %r = linalg.matmul ins(%a, %b : tensor<2x17xf16>, tensor<17x32xf16>) outs(%c : tensor<2x32xf16>) -> tensor<2x32xf16>
  ktdp.store %r, %td : tensor<2x32xf16>, !ktdp.access_tile<2x32xindex>
  return
}
