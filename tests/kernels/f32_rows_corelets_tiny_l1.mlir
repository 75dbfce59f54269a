// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre tests/passes/codegen/devices/tiny_l1.mlir
// LAUNCH: --arg eps=0.001
// f32_rows_corelets_tiny_l1.mlir - rows of 2048 f16 computed in f32 (a
// shared row, maxima, sums, rsqrt scales and a softmax), 2 rows a core on
// 2 cores (dag_fuzz in f32, seed 8282). On tiny_l1 (a scratchpad of 32
// KiB) tile-size selection priced tiles of 2 rows, one a corelet, at 25988
// bytes; but the corelets split gives each instance its own copy of the
// program-level buffers the points write in the same place (a row's f32
// values, the reductions' partials): 35336 bytes, and ktc-allocate refused
// them. Those buffers now count once an instance: tiles of 1 row, split
// over the corelets in blocks.
func.func @f32_rows_corelets(%x0_a: index, %w_a: index, %o0_a: index, %eps: f16) attributes {grid = [2]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %per = arith.constant 2 : index
  %start = arith.muli %tile, %per : index
  %end = arith.addi %start, %per : index
  %epsx = arith.extf %eps : f16 to f32
  %X0 = ktdp.construct_memory_view %x0_a, sizes: [4, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x2048xf16>
  %O0 = ktdp.construct_memory_view %o0_a, sizes: [4, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x2048xf16>
  %W = ktdp.construct_memory_view %w_a, sizes: [1, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x2048xf16>
  %tw = ktdp.construct_access_tile %W[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x2048xf16> -> !ktdp.access_tile<1x2048xindex>
  scf.for %row = %start to %end step %c1 {
    %t0 = ktdp.construct_access_tile %X0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    %xl0 = ktdp.load %t0 : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
    %x0 = arith.extf %xl0 : tensor<1x2048xf16> to tensor<1x2048xf32>
    %wl = ktdp.load %tw : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
    %w = arith.extf %wl : tensor<1x2048xf16> to tensor<1x2048xf32>
    %q1 = arith.mulf %x0, %x0 : tensor<1x2048xf32>
    %z1 = arith.constant 0.0 : f32
    %i1 = tensor.splat %z1 : tensor<1xf32>
    %r1 = linalg.reduce { arith.addf } ins(%q1 : tensor<1x2048xf32>) outs(%i1 : tensor<1xf32>) dimensions = [1]
    %s1 = tensor.extract %r1[%c0] : tensor<1xf32>
    %nn1 = arith.constant 2048.0 : f32
    %me1 = arith.divf %s1, %nn1 : f32
    %ve1 = arith.addf %me1, %epsx : f32
    %rs1 = math.rsqrt %ve1 : f32
    %rb1 = tensor.splat %rs1 : tensor<1x2048xf32>
    %v1 = arith.mulf %x0, %rb1 : tensor<1x2048xf32>
    %z2 = arith.constant 0xFF800000 : f32
    %i2 = tensor.splat %z2 : tensor<1xf32>
    %r2 = linalg.reduce { arith.maxnumf } ins(%v1 : tensor<1x2048xf32>) outs(%i2 : tensor<1xf32>) dimensions = [1]
    %m2 = tensor.extract %r2[%c0] : tensor<1xf32>
    %mb2 = tensor.splat %m2 : tensor<1x2048xf32>
    %d2 = arith.subf %v1, %mb2 : tensor<1x2048xf32>
    %e2 = math.exp %d2 : tensor<1x2048xf32>
    %z3 = arith.constant 0.0 : f32
    %i3 = tensor.splat %z3 : tensor<1xf32>
    %r3 = linalg.reduce { arith.addf } ins(%e2 : tensor<1x2048xf32>) outs(%i3 : tensor<1xf32>) dimensions = [1]
    %s2 = tensor.extract %r3[%c0] : tensor<1xf32>
    %sb2 = tensor.splat %s2 : tensor<1x2048xf32>
    %v2 = arith.divf %e2, %sb2 : tensor<1x2048xf32>
    %v3 = arith.mulf %x0, %x0 : tensor<1x2048xf32>
    %z4 = arith.constant 0xFF800000 : f32
    %i4 = tensor.splat %z4 : tensor<1xf32>
    %r4 = linalg.reduce { arith.maxnumf } ins(%v3 : tensor<1x2048xf32>) outs(%i4 : tensor<1xf32>) dimensions = [1]
    %s4 = tensor.extract %r4[%c0] : tensor<1xf32>
    %sb4 = tensor.splat %s4 : tensor<1x2048xf32>
    %v4 = arith.subf %v3, %sb4 : tensor<1x2048xf32>
    %q5 = arith.mulf %v4, %v4 : tensor<1x2048xf32>
    %z5 = arith.constant 0.0 : f32
    %i5 = tensor.splat %z5 : tensor<1xf32>
    %r5 = linalg.reduce { arith.addf } ins(%q5 : tensor<1x2048xf32>) outs(%i5 : tensor<1xf32>) dimensions = [1]
    %s5 = tensor.extract %r5[%c0] : tensor<1xf32>
    %nn5 = arith.constant 2048.0 : f32
    %me5 = arith.divf %s5, %nn5 : f32
    %ve5 = arith.addf %me5, %epsx : f32
    %rs5 = math.rsqrt %ve5 : f32
    %rb5 = tensor.splat %rs5 : tensor<1x2048xf32>
    %v5 = arith.mulf %v4, %rb5 : tensor<1x2048xf32>
    %z6 = arith.constant 0xFF800000 : f32
    %i6 = tensor.splat %z6 : tensor<1xf32>
    %r6 = linalg.reduce { arith.maxnumf } ins(%x0 : tensor<1x2048xf32>) outs(%i6 : tensor<1xf32>) dimensions = [1]
    %m7 = tensor.extract %r6[%c0] : tensor<1xf32>
    %mb7 = tensor.splat %m7 : tensor<1x2048xf32>
    %d7 = arith.subf %x0, %mb7 : tensor<1x2048xf32>
    %e7 = math.exp %d7 : tensor<1x2048xf32>
    %z7 = arith.constant 0.0 : f32
    %i7 = tensor.splat %z7 : tensor<1xf32>
    %r7 = linalg.reduce { arith.addf } ins(%e7 : tensor<1x2048xf32>) outs(%i7 : tensor<1xf32>) dimensions = [1]
    %s7 = tensor.extract %r7[%c0] : tensor<1xf32>
    %sb7 = tensor.splat %s7 : tensor<1x2048xf32>
    %v7 = arith.divf %e7, %sb7 : tensor<1x2048xf32>
    %z8 = arith.constant 0.0 : f32
    %i8 = tensor.splat %z8 : tensor<1xf32>
    %r8 = linalg.reduce { arith.addf } ins(%v3 : tensor<1x2048xf32>) outs(%i8 : tensor<1xf32>) dimensions = [1]
    %s8 = tensor.extract %r8[%c0] : tensor<1xf32>
    %sb8 = tensor.splat %s8 : tensor<1x2048xf32>
    %v8 = arith.subf %v3, %sb8 : tensor<1x2048xf32>
    %to0 = ktdp.construct_access_tile %O0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    %oh0 = arith.truncf %v8 : tensor<1x2048xf32> to tensor<1x2048xf16>
    ktdp.store %oh0, %to0 : tensor<1x2048xf16>, !ktdp.access_tile<1x2048xindex>
  }
  return
}
