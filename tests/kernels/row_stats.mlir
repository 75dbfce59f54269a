// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg eps=0.001
// row_stats.mlir - the statistics a LayerNorm forward saves for its
// backward: per row of a 6x64 f16 matrix, MEAN[r] = mean(X[r]) and
// RSTD[r] = rsqrt(mean(X[r]^2) - MEAN[r]^2 + eps), each one element of a
// 6-element output, in a loop over the rows on one tile. A one-element
// store at a launch-time offset (the loop's row) is part of a DMA word:
// ktc-path-expand loads the word, writes the element into it and stores it
// back (a read-modify-write at `offset mod word`); before, the row as a
// launch-time reinterpret_cast offset left it to ktc-lower, which refused
// "a transfer between memrefs of different shapes".
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#vec = affine_set<(d0) : (d0 >= 0, -d0 + 5 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @row_stats(%x: index, %mean: index, %rstd: index, %eps: f16) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %X = ktdp.construct_memory_view %x, sizes: [6, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<6x64xf16>
    %M = ktdp.construct_memory_view %mean, sizes: [6], strides: [1] {coordinate_set = #vec, memory_space = #ktdp.memory_space<global>} : memref<6xf16>
    %R = ktdp.construct_memory_view %rstd, sizes: [6], strides: [1] {coordinate_set = #vec, memory_space = #ktdp.memory_space<global>} : memref<6xf16>
    scf.for %r = %c0 to %c6 step %c1 {
      %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<6x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tm = ktdp.construct_access_tile %M[%r] {access_tile_set = #one, access_tile_order = #id1} : memref<6xf16> -> !ktdp.access_tile<1xindex>
      %tr = ktdp.construct_access_tile %R[%r] {access_tile_set = #one, access_tile_order = #id1} : memref<6xf16> -> !ktdp.access_tile<1xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %z = arith.constant 0.0 : f16
      %init = tensor.splat %z : tensor<1xf16>
      %s1 = linalg.reduce { arith.addf } ins(%v : tensor<1x64xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %v2 = arith.mulf %v, %v : tensor<1x64xf16>
      %s2 = linalg.reduce { arith.addf } ins(%v2 : tensor<1x64xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %t1 = tensor.extract %s1[%c0] : tensor<1xf16>
      %t2 = tensor.extract %s2[%c0] : tensor<1xf16>
      %n = arith.constant 64.0 : f16
      %mu = arith.divf %t1, %n : f16
      %ex2 = arith.divf %t2, %n : f16
      %mu2 = arith.mulf %mu, %mu : f16
      %var = arith.subf %ex2, %mu2 : f16
      %ve = arith.addf %var, %eps : f16
      %rs = math.rsqrt %ve : f16
      %mv = tensor.splat %mu : tensor<1xf16>
      %rv = tensor.splat %rs : tensor<1xf16>
      ktdp.store %mv, %tm : tensor<1xf16>, !ktdp.access_tile<1xindex>
      ktdp.store %rv, %tr : tensor<1xf16>, !ktdp.access_tile<1xindex>
    }
    return
  }
}
