// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre tests/passes/codegen/devices/small_l1.mlir
// LAUNCH: --arg eps=0.001
// f32_rows_small_l1.mlir - rows of 2048 f16 computed in f32 as Inductor
// writes them (loaded, extended, a graph of maxima, sums, rsqrt scales and
// a softmax in f32, truncated back to f16 for the store), 3 rows a core on
// 2 cores (dag_fuzz in f32, seed 5353). On small_l1 (a scratchpad of 128
// KiB) tile-size selection took tiles of 2 rows and balance-rows the third
// row as a rest tile of its own, whose buffers (one row's f32 values) it
// did not count beside the tiles': 152352 bytes side by side, and
// ktc-allocate refused them ("buffer %tile_in ... does not fit in L1").
// The rest's buffers now count: tiles of 1 row, modeled faster too (2741
// cycles against 2909).
func.func @f32_rows(%x0_a: index, %x1_a: index, %o0_a: index, %eps: f16) attributes {grid = [2]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %per = arith.constant 3 : index
  %start = arith.muli %tile, %per : index
  %end = arith.addi %start, %per : index
  %epsx = arith.extf %eps : f16 to f32
  %X0 = ktdp.construct_memory_view %x0_a, sizes: [6, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<6x2048xf16>
  %X1 = ktdp.construct_memory_view %x1_a, sizes: [6, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<6x2048xf16>
  %O0 = ktdp.construct_memory_view %o0_a, sizes: [6, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<6x2048xf16>
  scf.for %row = %start to %end step %c1 {
    %t0 = ktdp.construct_access_tile %X0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<6x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    %xl0 = ktdp.load %t0 : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
    %x0 = arith.extf %xl0 : tensor<1x2048xf16> to tensor<1x2048xf32>
    %t1 = ktdp.construct_access_tile %X1[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<6x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    %xl1 = ktdp.load %t1 : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
    %x1 = arith.extf %xl1 : tensor<1x2048xf16> to tensor<1x2048xf32>
    %z1 = arith.constant 0xFF800000 : f32
    %i1 = tensor.splat %z1 : tensor<1xf32>
    %r1 = linalg.reduce { arith.maxnumf } ins(%x0 : tensor<1x2048xf32>) outs(%i1 : tensor<1xf32>) dimensions = [1]
    %s1 = tensor.extract %r1[%c0] : tensor<1xf32>
    %sb1 = tensor.splat %s1 : tensor<1x2048xf32>
    %v1 = arith.subf %x0, %sb1 : tensor<1x2048xf32>
    %z2 = arith.constant 0.0 : f32
    %i2 = tensor.splat %z2 : tensor<1xf32>
    %r2 = linalg.reduce { arith.addf } ins(%x0 : tensor<1x2048xf32>) outs(%i2 : tensor<1xf32>) dimensions = [1]
    %s2 = tensor.extract %r2[%c0] : tensor<1xf32>
    %sb2 = tensor.splat %s2 : tensor<1x2048xf32>
    %v2 = arith.mulf %x0, %sb2 : tensor<1x2048xf32>
    %v3 = arith.maxnumf %v1, %x1 : tensor<1x2048xf32>
    %q4 = arith.mulf %v1, %v1 : tensor<1x2048xf32>
    %z3 = arith.constant 0.0 : f32
    %i3 = tensor.splat %z3 : tensor<1xf32>
    %r3 = linalg.reduce { arith.addf } ins(%q4 : tensor<1x2048xf32>) outs(%i3 : tensor<1xf32>) dimensions = [1]
    %s4 = tensor.extract %r3[%c0] : tensor<1xf32>
    %nn4 = arith.constant 2048.0 : f32
    %me4 = arith.divf %s4, %nn4 : f32
    %ve4 = arith.addf %me4, %epsx : f32
    %rs4 = math.rsqrt %ve4 : f32
    %rb4 = tensor.splat %rs4 : tensor<1x2048xf32>
    %v4 = arith.mulf %v1, %rb4 : tensor<1x2048xf32>
    %z4 = arith.constant 0.0 : f32
    %i4 = tensor.splat %z4 : tensor<1xf32>
    %r4 = linalg.reduce { arith.addf } ins(%v3 : tensor<1x2048xf32>) outs(%i4 : tensor<1xf32>) dimensions = [1]
    %s5 = tensor.extract %r4[%c0] : tensor<1xf32>
    %sb5 = tensor.splat %s5 : tensor<1x2048xf32>
    %v5 = arith.mulf %v3, %sb5 : tensor<1x2048xf32>
    %v7 = arith.addf %v4, %v4 : tensor<1x2048xf32>
    %q8 = arith.mulf %v3, %v3 : tensor<1x2048xf32>
    %z5 = arith.constant 0.0 : f32
    %i5 = tensor.splat %z5 : tensor<1xf32>
    %r5 = linalg.reduce { arith.addf } ins(%q8 : tensor<1x2048xf32>) outs(%i5 : tensor<1xf32>) dimensions = [1]
    %s8 = tensor.extract %r5[%c0] : tensor<1xf32>
    %nn8 = arith.constant 2048.0 : f32
    %me8 = arith.divf %s8, %nn8 : f32
    %ve8 = arith.addf %me8, %epsx : f32
    %rs8 = math.rsqrt %ve8 : f32
    %rb8 = tensor.splat %rs8 : tensor<1x2048xf32>
    %v8 = arith.mulf %v3, %rb8 : tensor<1x2048xf32>
    %z6 = arith.constant 0xFF800000 : f32
    %i6 = tensor.splat %z6 : tensor<1xf32>
    %r6 = linalg.reduce { arith.maxnumf } ins(%v8 : tensor<1x2048xf32>) outs(%i6 : tensor<1xf32>) dimensions = [1]
    %m9 = tensor.extract %r6[%c0] : tensor<1xf32>
    %mb9 = tensor.splat %m9 : tensor<1x2048xf32>
    %d9 = arith.subf %v8, %mb9 : tensor<1x2048xf32>
    %e9 = math.exp %d9 : tensor<1x2048xf32>
    %z7 = arith.constant 0.0 : f32
    %i7 = tensor.splat %z7 : tensor<1xf32>
    %r7 = linalg.reduce { arith.addf } ins(%e9 : tensor<1x2048xf32>) outs(%i7 : tensor<1xf32>) dimensions = [1]
    %s9 = tensor.extract %r7[%c0] : tensor<1xf32>
    %sb9 = tensor.splat %s9 : tensor<1x2048xf32>
    %v9 = arith.divf %e9, %sb9 : tensor<1x2048xf32>
    %to0 = ktdp.construct_access_tile %O0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<6x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    %oh0 = arith.truncf %v9 : tensor<1x2048xf32> to tensor<1x2048xf16>
    ktdp.store %oh0, %to0 : tensor<1x2048xf16>, !ktdp.access_tile<1x2048xindex>
  }
  return
}
