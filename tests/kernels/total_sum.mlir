// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// total_sum.mlir - the sum of a 4x64 f16 matrix as a 0-d result: the rows
// accumulate in an scf.for with a tensor iter_arg over 1x64 tiles, the
// carried row is reduced over both dimensions into a rank-0 tensor<f16>,
// expanded to tensor<1xf16> and stored as the one element of S. The
// rank-0 scratchpad buffer between the reduction and the store made
// ktc-lower emit vector load/store sets of one dimension (internal error:
// the dfir module did not verify) before sched/lower_ops.c view_set.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @total_sum(%x: index, %s: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %S = ktdp.construct_memory_view %s, sizes: [1], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1xf16>
    %zero = arith.constant dense<0.0> : tensor<1x64xf16>
    %acc = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %zero) -> (tensor<1x64xf16>) {
      %tx = ktdp.construct_access_tile %X[%i, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %n = arith.addf %a, %v : tensor<1x64xf16>
      scf.yield %n : tensor<1x64xf16>
    }
    %z = arith.constant 0.0 : f16
    %init = tensor.splat %z : tensor<f16>
    %tot = linalg.reduce { arith.addf } ins(%acc : tensor<1x64xf16>) outs(%init : tensor<f16>) dimensions = [0, 1]
    %t1 = tensor.expand_shape %tot [] output_shape [1] : tensor<f16> into tensor<1xf16>
    %ts = ktdp.construct_access_tile %S[%c0] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<1xf16> -> !ktdp.access_tile<1xindex>
    ktdp.store %t1, %ts : tensor<1xf16>, !ktdp.access_tile<1xindex>
    return
  }
}
