// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// fuse_looped_store.mlir - per row of 512 (3 rows a core on 4 cores):
// v1 = x * sum(x), v3 = v1 - x, o0 = v3 - max(v3), o1 = v1 (dag_fuzz,
// seed 606, kernel 46). ktc-nest's fuse-pipelines joined the pass storing
// v1 chunk by chunk in a loop (4 chunks an iteration) with the pass
// loading v1 back chunk by chunk in a loop of its own to make v3: joined,
// that load ran ahead of the store in the one pipeline and read stale
// scratchpad (spyre: o0 wrong in 6138 of 6144 elements; sample: a
// deadlock). Its check that nothing B loads in a loop is stored by A saw
// only A's stores outside loops; it now sees every store of A.
func.func @fuse_looped_store(%x0_a: index, %o0_a: index, %o1_a: index, %eps: f16) attributes {grid = [4]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %per = arith.constant 3 : index
  %start = arith.muli %tile, %per : index
  %end = arith.addi %start, %per : index
  %X0 = ktdp.construct_memory_view %x0_a, sizes: [12, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<12x512xf16>
  %O0 = ktdp.construct_memory_view %o0_a, sizes: [12, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<12x512xf16>
  %O1 = ktdp.construct_memory_view %o1_a, sizes: [12, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<12x512xf16>
  scf.for %row = %start to %end step %c1 {
    %t0 = ktdp.construct_access_tile %X0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 511 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<12x512xf16> -> !ktdp.access_tile<1x512xindex>
    %x0 = ktdp.load %t0 : !ktdp.access_tile<1x512xindex> -> tensor<1x512xf16>
    %z1 = arith.constant 0.0 : f16
    %i1 = tensor.splat %z1 : tensor<1xf16>
    %r1 = linalg.reduce { arith.addf } ins(%x0 : tensor<1x512xf16>) outs(%i1 : tensor<1xf16>) dimensions = [1]
    %s1 = tensor.extract %r1[%c0] : tensor<1xf16>
    %sb1 = tensor.splat %s1 : tensor<1x512xf16>
    %v1 = arith.mulf %x0, %sb1 : tensor<1x512xf16>
    %h2 = arith.constant 0.5 : f16
    %hb2 = tensor.splat %h2 : tensor<1x512xf16>
    %v2 = arith.mulf %v1, %hb2 : tensor<1x512xf16>
    %v3 = arith.subf %v1, %x0 : tensor<1x512xf16>
    %z2 = arith.constant 0xFC00 : f16
    %i2 = tensor.splat %z2 : tensor<1xf16>
    %r2 = linalg.reduce { arith.maxnumf } ins(%v3 : tensor<1x512xf16>) outs(%i2 : tensor<1xf16>) dimensions = [1]
    %s4 = tensor.extract %r2[%c0] : tensor<1xf16>
    %sb4 = tensor.splat %s4 : tensor<1x512xf16>
    %v4 = arith.subf %v3, %sb4 : tensor<1x512xf16>
    %to0 = ktdp.construct_access_tile %O0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 511 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<12x512xf16> -> !ktdp.access_tile<1x512xindex>
    ktdp.store %v4, %to0 : tensor<1x512xf16>, !ktdp.access_tile<1x512xindex>
    %to1 = ktdp.construct_access_tile %O1[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 511 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<12x512xf16> -> !ktdp.access_tile<1x512xindex>
    ktdp.store %v1, %to1 : tensor<1x512xf16>, !ktdp.access_tile<1x512xindex>
  }
  return
}
