// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// residual_sumsq_768.mlir - per row of 768 f16 (2 rows on one core), the
// sum of (x + r)^2 (a residual's sum of squares, as an RMSNorm after a
// residual add takes it). The row is left whole; ktc-split joins x + r and
// the square into the reduction, whose input, 12 times the lanes, is not a
// power of two of them: ktc-codegen streams it in ktc-interp's pairwise
// order. It streamed only a producer of one received vector, and refused
// this one ("a vector of 768 f16 is wider than the 64 f16 lanes of SFU")
// on both devices, as it did rows of 192 and 320 (dag_fuzz, seed 1212).
func.func @residual_sumsq_768(%x_a: index, %r_a: index, %s_a: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %X = ktdp.construct_memory_view %x_a, sizes: [2, 768], strides: [768, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 767 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x768xf16>
  %R = ktdp.construct_memory_view %r_a, sizes: [2, 768], strides: [768, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 767 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x768xf16>
  %S = ktdp.construct_memory_view %s_a, sizes: [2], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2xf16>
  scf.for %row = %c0 to %c2 step %c1 {
    %tx = ktdp.construct_access_tile %X[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 767 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2x768xf16> -> !ktdp.access_tile<1x768xindex>
    %x = ktdp.load %tx : !ktdp.access_tile<1x768xindex> -> tensor<1x768xf16>
    %tr = ktdp.construct_access_tile %R[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 767 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2x768xf16> -> !ktdp.access_tile<1x768xindex>
    %r = ktdp.load %tr : !ktdp.access_tile<1x768xindex> -> tensor<1x768xf16>
    %h = arith.addf %x, %r : tensor<1x768xf16>
    %q = arith.mulf %h, %h : tensor<1x768xf16>
    %z = arith.constant 0.0 : f16
    %i = tensor.splat %z : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%q : tensor<1x768xf16>) outs(%i : tensor<1xf16>) dimensions = [1]
    %ts = ktdp.construct_access_tile %S[%row] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<2xf16> -> !ktdp.access_tile<1xindex>
    ktdp.store %sum, %ts : tensor<1xf16>, !ktdp.access_tile<1xindex>
  }
  return
}
