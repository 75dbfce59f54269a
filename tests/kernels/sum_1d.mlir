// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// sum_1d.mlir - the sum of a 1-D view's 4096 f16 elements, Triton style
// (1-D tensors throughout): the elementwise x * x + x is carried over two
// blocks of 4096 in an iter_arg, the carried tensor<4096xf16> is reduced
// with dimensions = [0] into a rank-0 tensor<f16>, expanded and stored as
// the one element of S. 64 chunks of 64 lanes: ktc-nest's reductions take
// the rank-1 row (they took only tensor<1xN>, and ktc-codegen refused the
// 4096 elements as "holds half a group in the 32 vector registers").
#blk = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @sum_1d(%x: index, %s: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c4096 = arith.constant 4096 : index
    %c8192 = arith.constant 8192 : index
    %X = ktdp.construct_memory_view %x, sizes: [8192], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8192xf16>
    %S = ktdp.construct_memory_view %s, sizes: [1], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1xf16>
    %zero = arith.constant dense<0.0> : tensor<4096xf16>
    %acc = scf.for %i = %c0 to %c8192 step %c4096 iter_args(%a = %zero) -> (tensor<4096xf16>) {
      %tx = ktdp.construct_access_tile %X[%i] {access_tile_set = #blk, access_tile_order = #id1} : memref<8192xf16> -> !ktdp.access_tile<4096xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<4096xindex> -> tensor<4096xf16>
      %v2 = arith.mulf %v, %v : tensor<4096xf16>
      %v3 = arith.addf %v2, %v : tensor<4096xf16>
      %n = arith.addf %a, %v3 : tensor<4096xf16>
      scf.yield %n : tensor<4096xf16>
    }
    %z = arith.constant 0.0 : f16
    %init = tensor.splat %z : tensor<f16>
    %tot = linalg.reduce { arith.addf } ins(%acc : tensor<4096xf16>) outs(%init : tensor<f16>) dimensions = [0]
    %t1 = tensor.expand_shape %tot [] output_shape [1] : tensor<f16> into tensor<1xf16>
    %ts = ktdp.construct_access_tile %S[%c0] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<1xf16> -> !ktdp.access_tile<1xindex>
    ktdp.store %t1, %ts : tensor<1xf16>, !ktdp.access_tile<1xindex>
    return
  }
}
