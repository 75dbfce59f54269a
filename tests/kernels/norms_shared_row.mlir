// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre sample tests/passes/codegen/devices/narrower_simd.mlir
// LAUNCH: --arg eps=0.001
// norms_shared_row.mlir - 2 rows of 2048 f16 a core on 4 cores, a weight row
// they share, three norm-like chains of reductions (tests/passes/codegen/
// dag_fuzz_test.sh's kernel 28 at seed 2828). On narrower_simd (16 f32
// lanes, DMA sticks of 128 bytes) the reductions' levels load chunks of
// 32 bytes a point, which need tiles of 4 points (the tile multiple) —
// including the loads past the 16 transfers a point ktc-nest's cost model
// keeps: it once read a transfer it did not have for them (by chance the
// right multiple), then, reading none, tiled by 2 and ktc-codegen refused
// the 64-byte DMA.
func.func @dag(%x0_a: index, %w_a: index, %o0_a: index, %eps: f16) attributes {grid = [4]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %per = arith.constant 2 : index
  %start = arith.muli %tile, %per : index
  %end = arith.addi %start, %per : index
  %X0 = ktdp.construct_memory_view %x0_a, sizes: [8, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x2048xf16>
  %O0 = ktdp.construct_memory_view %o0_a, sizes: [8, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x2048xf16>
  %W = ktdp.construct_memory_view %w_a, sizes: [1, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x2048xf16>
  %tw = ktdp.construct_access_tile %W[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x2048xf16> -> !ktdp.access_tile<1x2048xindex>
  scf.for %row = %start to %end step %c1 {
    %t0 = ktdp.construct_access_tile %X0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    %x0 = ktdp.load %t0 : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
    %w = ktdp.load %tw : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf16>
    %z1 = arith.constant 0xFC00 : f16
    %i1 = tensor.splat %z1 : tensor<1xf16>
    %r1 = linalg.reduce { arith.maxnumf } ins(%w : tensor<1x2048xf16>) outs(%i1 : tensor<1xf16>) dimensions = [1]
    %s1 = tensor.extract %r1[%c0] : tensor<1xf16>
    %sb1 = tensor.splat %s1 : tensor<1x2048xf16>
    %v1 = arith.mulf %w, %sb1 : tensor<1x2048xf16>
    %v2 = arith.maxnumf %x0, %v1 : tensor<1x2048xf16>
    %q3 = arith.mulf %v2, %v2 : tensor<1x2048xf16>
    %z2 = arith.constant 0.0 : f16
    %i2 = tensor.splat %z2 : tensor<1xf16>
    %r2 = linalg.reduce { arith.addf } ins(%q3 : tensor<1x2048xf16>) outs(%i2 : tensor<1xf16>) dimensions = [1]
    %s3 = tensor.extract %r2[%c0] : tensor<1xf16>
    %nn3 = arith.constant 2048.0 : f16
    %me3 = arith.divf %s3, %nn3 : f16
    %ve3 = arith.addf %me3, %eps : f16
    %rs3 = math.rsqrt %ve3 : f16
    %rb3 = tensor.splat %rs3 : tensor<1x2048xf16>
    %v3 = arith.mulf %v2, %rb3 : tensor<1x2048xf16>
    %to0 = ktdp.construct_access_tile %O0[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x2048xf16> -> !ktdp.access_tile<1x2048xindex>
    ktdp.store %v3, %to0 : tensor<1x2048xf16>, !ktdp.access_tile<1x2048xindex>
  }
  return
}
