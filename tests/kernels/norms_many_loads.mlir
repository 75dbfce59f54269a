// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// LAUNCH: --arg eps=0.001
// norms_many_loads.mlir - one row of 1024 f16 from each of two inputs, three
// rms-style norms over them (one of a half of x0), two stored with the last
// rstd (tests/passes/codegen/dag_fuzz_test.sh's kernel 59 at seed 7373).
// The reductions' chunk levels load the rows' chunks from device memory
// in more than the 16 DMA transfers a point the cost model keeps: a load
// past them is remembered without its transfer (to merge the loads of the
// same chunk), and ktc-nest crashed (signal 11) moving the transfer it
// did not have when such a load was merged.
func.func @dag(%x0_a: index, %x1_a: index, %o0_a: index, %o1_a: index, %st_a: index, %eps: f16) attributes {grid = [1]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %per = arith.constant 1 : index
  %start = arith.muli %tile, %per : index
  %end = arith.addi %start, %per : index
  %X0 = ktdp.construct_memory_view %x0_a, sizes: [1, 1024], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x1024xf16>
  %X1 = ktdp.construct_memory_view %x1_a, sizes: [1, 1024], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x1024xf16>
  %O0 = ktdp.construct_memory_view %o0_a, sizes: [1, 1024], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x1024xf16>
  %O1 = ktdp.construct_memory_view %o1_a, sizes: [1, 1024], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x1024xf16>
  %ST = ktdp.construct_memory_view %st_a, sizes: [1], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 0 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1xf16>
  scf.for %row = %start to %end step %c1 {
    %t0 = ktdp.construct_access_tile %X0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x1024xf16> -> !ktdp.access_tile<1x1024xindex>
    %x0 = ktdp.load %t0 : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
    %t1 = ktdp.construct_access_tile %X1[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x1024xf16> -> !ktdp.access_tile<1x1024xindex>
    %x1 = ktdp.load %t1 : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
    %q1 = arith.mulf %x0, %x0 : tensor<1x1024xf16>
    %z1 = arith.constant 0.0 : f16
    %i1 = tensor.splat %z1 : tensor<1xf16>
    %r1 = linalg.reduce { arith.addf } ins(%q1 : tensor<1x1024xf16>) outs(%i1 : tensor<1xf16>) dimensions = [1]
    %s1 = tensor.extract %r1[%c0] : tensor<1xf16>
    %nn1 = arith.constant 1024.0 : f16
    %me1 = arith.divf %s1, %nn1 : f16
    %ve1 = arith.addf %me1, %eps : f16
    %rs1 = math.rsqrt %ve1 : f16
    %rb1 = tensor.splat %rs1 : tensor<1x1024xf16>
    %v1 = arith.mulf %x0, %rb1 : tensor<1x1024xf16>
    %h2 = arith.constant 0.5 : f16
    %hb2 = tensor.splat %h2 : tensor<1x1024xf16>
    %v2 = arith.mulf %x0, %hb2 : tensor<1x1024xf16>
    %q3 = arith.mulf %v2, %v2 : tensor<1x1024xf16>
    %z2 = arith.constant 0.0 : f16
    %i2 = tensor.splat %z2 : tensor<1xf16>
    %r2 = linalg.reduce { arith.addf } ins(%q3 : tensor<1x1024xf16>) outs(%i2 : tensor<1xf16>) dimensions = [1]
    %s3 = tensor.extract %r2[%c0] : tensor<1xf16>
    %nn3 = arith.constant 1024.0 : f16
    %me3 = arith.divf %s3, %nn3 : f16
    %ve3 = arith.addf %me3, %eps : f16
    %rs3 = math.rsqrt %ve3 : f16
    %rb3 = tensor.splat %rs3 : tensor<1x1024xf16>
    %v3 = arith.mulf %v2, %rb3 : tensor<1x1024xf16>
    %q4 = arith.mulf %x1, %x1 : tensor<1x1024xf16>
    %z3 = arith.constant 0.0 : f16
    %i3 = tensor.splat %z3 : tensor<1xf16>
    %r3 = linalg.reduce { arith.addf } ins(%q4 : tensor<1x1024xf16>) outs(%i3 : tensor<1xf16>) dimensions = [1]
    %s4 = tensor.extract %r3[%c0] : tensor<1xf16>
    %nn4 = arith.constant 1024.0 : f16
    %me4 = arith.divf %s4, %nn4 : f16
    %ve4 = arith.addf %me4, %eps : f16
    %rs4 = math.rsqrt %ve4 : f16
    %rb4 = tensor.splat %rs4 : tensor<1x1024xf16>
    %v4 = arith.mulf %x1, %rb4 : tensor<1x1024xf16>
    %to0 = ktdp.construct_access_tile %O0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x1024xf16> -> !ktdp.access_tile<1x1024xindex>
    ktdp.store %v4, %to0 : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
    %to1 = ktdp.construct_access_tile %O1[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x1024xf16> -> !ktdp.access_tile<1x1024xindex>
    ktdp.store %v3, %to1 : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
    %tst = ktdp.construct_access_tile %ST[%row] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<1xf16> -> !ktdp.access_tile<1xindex>
    %stv = tensor.splat %rs4 : tensor<1xf16>
    ktdp.store %stv, %tst : tensor<1xf16>, !ktdp.access_tile<1xindex>
  }
  return
}
