// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// matmul_epilogue.mlir - Y = max(X W + B, 0) with X 2x64, W 64x64 f16 and
// the bias B as the matmul's outs (linalg.matmul computes outs + X W): the
// product in f32 in order of k (five links of at most 15 steps), rounded to
// f16, added to B in f32 and rounded (ktc-interp's two roundings), and the
// relu fused into that last elementwise generic.
#x = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#w = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul_epilogue(%px: index, %pw: index, %pb: index, %py: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %px, sizes: [2, 64], strides: [64, 1] {coordinate_set = #x, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %W = ktdp.construct_memory_view %pw, sizes: [64, 64], strides: [64, 1] {coordinate_set = #w, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %B = ktdp.construct_memory_view %pb, sizes: [2, 64], strides: [64, 1] {coordinate_set = #x, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %Y = ktdp.construct_memory_view %py, sizes: [2, 64], strides: [64, 1] {coordinate_set = #x, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #x, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
  %tw = ktdp.construct_access_tile %W[%c0, %c0] {access_tile_set = #w, access_tile_order = #id} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #x, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #x, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
  %x = ktdp.load %tx : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
  %w = ktdp.load %tw : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
  %b = ktdp.load %tb : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
  %xw = linalg.matmul ins(%x, %w : tensor<2x64xf16>, tensor<64x64xf16>) outs(%b : tensor<2x64xf16>) -> tensor<2x64xf16>
  %zero = arith.constant dense<0.0> : tensor<2x64xf16>
  %y = arith.maximumf %xw, %zero : tensor<2x64xf16>
  ktdp.store %y, %ty : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
  return
}
