// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// reduce_unit_init.mlir - whole reductions of a 1-D row of 256 f16 into a
// one-element init of rank 1 (tensor<1xf16>, as Triton-style KTIR writes
// tl.sum/tl.max of a 1-D block; MLIR's verifier wants the rank-0
// tensor<f16>, ktir-cpu reads either): the max from a linalg.fill init, the
// sum from a splat one, stored as S[0] and S[1]. ktc-split makes each a
// reduce into a rank-0 splat of the init's element and an expand_shape of
// its result.
#row = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @reduce_unit_init(%x: index, %s: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %X = ktdp.construct_memory_view %x, sizes: [256], strides: [1] {
      coordinate_set = #row, memory_space = #ktdp.memory_space<global>
    } : memref<256xf16>
    %S = ktdp.construct_memory_view %s, sizes: [2], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2xf16>
    %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = #row, access_tile_order = #id1} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<256xindex> -> tensor<256xf16>
    %ninf = arith.constant 0xFC00 : f16
    %e = tensor.empty() : tensor<1xf16>
    %m0 = linalg.fill ins(%ninf : f16) outs(%e : tensor<1xf16>) -> tensor<1xf16>
    %mx = linalg.reduce ins(%v : tensor<256xf16>) outs(%m0 : tensor<1xf16>) dimensions = [0]
      (%in: f16, %out: f16) {
        %r = arith.maximumf %in, %out : f16
        linalg.yield %r : f16
      }
    %z = arith.constant 0.0 : f16
    %s0 = tensor.splat %z : tensor<1xf16>
    %sm = linalg.reduce { arith.addf } ins(%v : tensor<256xf16>) outs(%s0 : tensor<1xf16>) dimensions = [0]
    %t0 = ktdp.construct_access_tile %S[%c0] {access_tile_set = #one, access_tile_order = #id1} : memref<2xf16> -> !ktdp.access_tile<1xindex>
    %t1 = ktdp.construct_access_tile %S[%c1] {access_tile_set = #one, access_tile_order = #id1} : memref<2xf16> -> !ktdp.access_tile<1xindex>
    ktdp.store %mx, %t0 : tensor<1xf16>, !ktdp.access_tile<1xindex>
    ktdp.store %sm, %t1 : tensor<1xf16>, !ktdp.access_tile<1xindex>
    return
  }
}
