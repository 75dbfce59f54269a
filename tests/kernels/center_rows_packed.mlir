// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg n=128 --arg x=f16:8x128 --arg y=f16:8x128
// LAUNCH: --arg n=192 --arg x=f16:8x192 --arg y=f16:8x192
// LAUNCH: --arg n=65 --arg x=f16:8x65 --arg y=f16:8x65
// center_rows_packed.mlir - every row of x (8 rows of n columns, packed:
// rows n apart) less its mean, on one core, in blocks of 64 masked past n
// (tests/passes/codegen/packed_fuzz_test.sh's `center` kernel, seed 5151).
// ktc-nest jams the 8 rows a run and places odd rows' stages left whole on
// corelet 1 (row-corelets), fusing each corelet's rows' sums into one
// pipeline: the L1LU of corelet 1 once loaded rows 1, 3 and 5 before
// their DMA landed, counting on waits that ran on corelet 0 alone
// (sched/lower.h), and row 5 came out wrong on sample at n = 128.
func.func @packed_rows(%x: index, %y: index, %n: index) attributes {grid = [1]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %cg = arith.constant 1 : index
  %cr = arith.constant 8 : index
  %cb = arith.constant 64 : index
  %X = ktdp.construct_memory_view %x, sizes: [8, %n], strides: [%n, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [8, %n], strides: [%n, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
  %n32 = arith.index_cast %n : index to i32
  %nf = arith.sitofp %n32 : i32 to f16
  %zs = arith.constant 0.0 : f16
  scf.for %row = %tile to %cr step %cg {
    %zeros = arith.constant dense<0.0> : tensor<1x64xf16>
    %acc = scf.for %off = %c0 to %n step %cb iter_args(%a = %zeros) -> (tensor<1x64xf16>) {
      %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x?xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %s = arith.addf %a, %v : tensor<1x64xf16>
      scf.yield %s : tensor<1x64xf16>
    }
    %init = tensor.splat %zs : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%acc : tensor<1x64xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
    %s0 = tensor.extract %sum[%c0] : tensor<1xf16>
    %mean = arith.divf %s0, %nf : f16
    %mb = tensor.splat %mean : tensor<1x64xf16>
    scf.for %off = %c0 to %n step %cb {
      %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x?xf16> -> !ktdp.access_tile<1x64xindex>
      %ty = ktdp.construct_access_tile %Y[%row, %off] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x?xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %r = arith.subf %v, %mb : tensor<1x64xf16>
      ktdp.store %r, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
  }
  return
}
