// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre tests/passes/codegen/devices/narrow_simd.mlir
// LAUNCH: --arg eps=0.001
// f32_rows_narrow_simd.mlir - rows of 1024 f16 computed in f32 (a shared
// row's product and difference, an rsqrt scale of the mean square, its
// statistic stored), 2 rows on one core (dag_fuzz in f32, seed 8282). On
// narrow_simd (16 f32 lanes, DMA units moving 128-byte sticks) the sum of
// squares' first level reads each lane-wide chunk of the f16 row, 32
// bytes, and tile-size selection took tiles of 2 chunks: DMAs of 64 bytes,
// which ktc-codegen refused ("this DMA read of 64 bytes fits none of the
// accesses MNILU makes"). A load whose run a point is shorter than its
// DMA unit's least access now takes tiles of whole runs (4 chunks).
func.func @f32_rows_narrow(%x0_a: index, %x1_a: index, %w_a: index, %o0_a: index, %st_a: index, %eps: f16) attributes {grid = [1]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %per = arith.constant 2 : index
  %start = arith.muli %tile, %per : index
  %end = arith.addi %start, %per : index
  %epsx = arith.extf %eps : f16 to f32
  %X0 = ktdp.construct_memory_view %x0_a, sizes: [2, 1024], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x1024xf16>
  %X1 = ktdp.construct_memory_view %x1_a, sizes: [2, 1024], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x1024xf16>
  %O0 = ktdp.construct_memory_view %o0_a, sizes: [2, 1024], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x1024xf16>
  %W = ktdp.construct_memory_view %w_a, sizes: [1, 1024], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x1024xf16>
  %tw = ktdp.construct_access_tile %W[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x1024xf16> -> !ktdp.access_tile<1x1024xindex>
  %ST = ktdp.construct_memory_view %st_a, sizes: [2], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2xf16>
  scf.for %row = %start to %end step %c1 {
    %t0 = ktdp.construct_access_tile %X0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2x1024xf16> -> !ktdp.access_tile<1x1024xindex>
    %xl0 = ktdp.load %t0 : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
    %x0 = arith.extf %xl0 : tensor<1x1024xf16> to tensor<1x1024xf32>
    %t1 = ktdp.construct_access_tile %X1[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2x1024xf16> -> !ktdp.access_tile<1x1024xindex>
    %xl1 = ktdp.load %t1 : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
    %x1 = arith.extf %xl1 : tensor<1x1024xf16> to tensor<1x1024xf32>
    %wl = ktdp.load %tw : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
    %w = arith.extf %wl : tensor<1x1024xf16> to tensor<1x1024xf32>
    %v1 = arith.mulf %x1, %w : tensor<1x1024xf32>
    %q2 = arith.mulf %x0, %x0 : tensor<1x1024xf32>
    %z1 = arith.constant 0.0 : f32
    %i1 = tensor.splat %z1 : tensor<1xf32>
    %r1 = linalg.reduce { arith.addf } ins(%q2 : tensor<1x1024xf32>) outs(%i1 : tensor<1xf32>) dimensions = [1]
    %s2 = tensor.extract %r1[%c0] : tensor<1xf32>
    %nn2 = arith.constant 1024.0 : f32
    %me2 = arith.divf %s2, %nn2 : f32
    %ve2 = arith.addf %me2, %epsx : f32
    %rs2 = math.rsqrt %ve2 : f32
    %rb2 = tensor.splat %rs2 : tensor<1x1024xf32>
    %v2 = arith.mulf %x0, %rb2 : tensor<1x1024xf32>
    %v3 = arith.subf %w, %x1 : tensor<1x1024xf32>
    %to0 = ktdp.construct_access_tile %O0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2x1024xf16> -> !ktdp.access_tile<1x1024xindex>
    %oh0 = arith.truncf %v3 : tensor<1x1024xf32> to tensor<1x1024xf16>
    ktdp.store %oh0, %to0 : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
    %tst = ktdp.construct_access_tile %ST[%row] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<2xf16> -> !ktdp.access_tile<1xindex>
    %sth = arith.truncf %rs2 : f32 to f16
    %stv = tensor.splat %sth : tensor<1xf16>
    ktdp.store %stv, %tst : tensor<1xf16>, !ktdp.access_tile<1xindex>
  }
  return
}
