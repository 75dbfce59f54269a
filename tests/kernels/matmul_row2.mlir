// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// matmul_row2.mlir - y = x W1 + x W2 with x one row of 8 f16 (1x8), W1 and
// W2 8x64: with one row, A[0, k] of each matmul link (the splat along the
// row) has constant subscripts, so ktc-nest's splat-hoist splats each
// x[0, k] once, before the column loop, into a vector of its own (the split
// stages x once per matmul: 16 vectors). splat-hoist once served every
// x[0, k] of a loop with the vector of x[0, 0] (same buffer, other
// element): y was wrong, as was ffn_swiglu of the corpus.
#x = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 7 >= 0)>
#w = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#y = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul_row2(%px: index, %pw1: index, %pw2: index, %py: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %px, sizes: [1, 8], strides: [8, 1] {coordinate_set = #x, memory_space = #ktdp.memory_space<global>} : memref<1x8xf16>
  %W1 = ktdp.construct_memory_view %pw1, sizes: [8, 64], strides: [64, 1] {coordinate_set = #w, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %W2 = ktdp.construct_memory_view %pw2, sizes: [8, 64], strides: [64, 1] {coordinate_set = #w, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %Y = ktdp.construct_memory_view %py, sizes: [1, 64], strides: [64, 1] {coordinate_set = #y, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #x, access_tile_order = #id} : memref<1x8xf16> -> !ktdp.access_tile<1x8xindex>
  %tw1 = ktdp.construct_access_tile %W1[%c0, %c0] {access_tile_set = #w, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  %tw2 = ktdp.construct_access_tile %W2[%c0, %c0] {access_tile_set = #w, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #y, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %tx : !ktdp.access_tile<1x8xindex> -> tensor<1x8xf16>
  %w1 = ktdp.load %tw1 : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
  %w2 = ktdp.load %tw2 : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
  %e1 = tensor.empty() : tensor<1x64xf16>
  %a = linalg.matmul ins(%x, %w1 : tensor<1x8xf16>, tensor<8x64xf16>) outs(%e1 : tensor<1x64xf16>) -> tensor<1x64xf16>
  %e2 = tensor.empty() : tensor<1x64xf16>
  %b = linalg.matmul ins(%x, %w2 : tensor<1x8xf16>, tensor<8x64xf16>) outs(%e2 : tensor<1x64xf16>) -> tensor<1x64xf16>
  %y = arith.addf %a, %b : tensor<1x64xf16>
  ktdp.store %y, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
