// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre tests/passes/codegen/devices/tiny_l1.mlir
// LAUNCH: --arg eps=0.001
// f32_softmax_rows_tiny_l1.mlir - rows of 2048 f16 computed in f32 (sums,
// maxima and a softmax whose division closes the row), 3 rows a core on 4
// cores (dag_fuzz in f32, seed 1357). On tiny_l1 (a scratchpad of 32 KiB,
// 32 f32 lanes) the division pass reads a vector of 64 f32 a point, two
// registers; splat-hoist loaded the sum's splat once for blocks of 16
// points, which the SFU receives after the block's 32 registers of inputs:
// "this program needs more than 32 vector registers". The blocks now keep
// the compute unit's registers (max_vregs): 8 points.
func.func @f32_softmax_rows(%x0_a: index, %x1_a: index, %o0_a: index, %eps: f16) attributes {grid = [4]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %per = arith.constant 3 : index
  %start = arith.muli %tile, %per : index
  %end = arith.addi %start, %per : index
  %epsx = arith.extf %eps : f16 to f32
  %X0 = ktdp.construct_memory_view %x0_a, sizes: [12, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<12x2048xf16>
  %X1 = ktdp.construct_memory_view %x1_a, sizes: [12, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<12x2048xf16>
  %O0 = ktdp.construct_memory_view %o0_a, sizes: [12, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<12x2048xf16>
  scf.for %row = %start to %end step %c1 {
    %t0 = ktdp.construct_access_tile %X0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<12x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    %xl0 = ktdp.load %t0 : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
    %x0 = arith.extf %xl0 : tensor<1x2048xf16> to tensor<1x2048xf32>
    %t1 = ktdp.construct_access_tile %X1[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<12x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    %xl1 = ktdp.load %t1 : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
    %x1 = arith.extf %xl1 : tensor<1x2048xf16> to tensor<1x2048xf32>
    %v1 = arith.negf %x1 : tensor<1x2048xf32>
    %q2 = arith.mulf %x1, %x1 : tensor<1x2048xf32>
    %z1 = arith.constant 0.0 : f32
    %i1 = tensor.splat %z1 : tensor<1xf32>
    %r1 = linalg.reduce { arith.addf } ins(%q2 : tensor<1x2048xf32>) outs(%i1 : tensor<1xf32>) dimensions = [1]
    %s2 = tensor.extract %r1[%c0] : tensor<1xf32>
    %nn2 = arith.constant 2048.0 : f32
    %me2 = arith.divf %s2, %nn2 : f32
    %ve2 = arith.addf %me2, %epsx : f32
    %rs2 = math.rsqrt %ve2 : f32
    %rb2 = tensor.splat %rs2 : tensor<1x2048xf32>
    %v2 = arith.mulf %x1, %rb2 : tensor<1x2048xf32>
    %v3 = arith.minnumf %x0, %x1 : tensor<1x2048xf32>
    %v4 = arith.addf %v3, %x1 : tensor<1x2048xf32>
    %v5 = arith.subf %v3, %v3 : tensor<1x2048xf32>
    %z2 = arith.constant 0xFF800000 : f32
    %i2 = tensor.splat %z2 : tensor<1xf32>
    %r2 = linalg.reduce { arith.maxnumf } ins(%v4 : tensor<1x2048xf32>) outs(%i2 : tensor<1xf32>) dimensions = [1]
    %m6 = tensor.extract %r2[%c0] : tensor<1xf32>
    %mb6 = tensor.splat %m6 : tensor<1x2048xf32>
    %d6 = arith.subf %v4, %mb6 : tensor<1x2048xf32>
    %e6 = math.exp %d6 : tensor<1x2048xf32>
    %z3 = arith.constant 0.0 : f32
    %i3 = tensor.splat %z3 : tensor<1xf32>
    %r3 = linalg.reduce { arith.addf } ins(%e6 : tensor<1x2048xf32>) outs(%i3 : tensor<1xf32>) dimensions = [1]
    %s6 = tensor.extract %r3[%c0] : tensor<1xf32>
    %sb6 = tensor.splat %s6 : tensor<1x2048xf32>
    %v6 = arith.divf %e6, %sb6 : tensor<1x2048xf32>
    %to0 = ktdp.construct_access_tile %O0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<12x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    %oh0 = arith.truncf %v6 : tensor<1x2048xf32> to tensor<1x2048xf16>
    ktdp.store %oh0, %to0 : tensor<1x2048xf16>, !ktdp.access_tile<1x2048xindex>
  }
  return
}
