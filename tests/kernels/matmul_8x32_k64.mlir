// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg K=64 --arg BM=8 --arg BN=32
// matmul_8x32_k64.mlir - an 8x32 block of C[8x64] = A[8x64] B[64x64] on
// one tile (grid [1, 1]), at rows %tm * BM and columns %tn * BN (arguments,
// 8 and 32 at launch): K (an argument, 64 at launch) blocked by 32 in an
// scf.for whose iter_args add each block's product (A's 8x32 block by B's
// 32x32) into the carried value. ktc-nest once made it uncompilable twice
// over: corelets split the accumulator's zeroing over the corelets while
// the loads feeding the SFU stayed on corelet 0 (a FIFO ktc-lower cannot
// place), and fuse-pipelines joined the product's chain of pipelines into
// one compute stage holding more vectors than the SFU has registers.
func.func @matmul_8x32_k64(%pa: index, %pb: index, %pc: index, %K: index, %BM: index, %BN: index) attributes {grid = [1, 1]} {
  %tm, %tn = ktdp.get_compute_tile_id : index, index
  %c0 = arith.constant 0 : index
  %row = arith.muli %tm, %BM : index
  %col = arith.muli %tn, %BN : index
  %BK = arith.constant 32 : index
  %A = ktdp.construct_memory_view %pa, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %B = ktdp.construct_memory_view %pb, sizes: [64, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %C = ktdp.construct_memory_view %pc, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %zero = arith.constant dense<0.0> : tensor<8x32xf16>
  %acc = scf.for %k = %c0 to %K step %BK iter_args(%it = %zero) -> (tensor<8x32xf16>) {
    %ta = ktdp.construct_access_tile %A[%row, %k] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x64xf16> -> !ktdp.access_tile<8x32xindex>
    %tb = ktdp.construct_access_tile %B[%k, %col] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 31 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<64x64xf16> -> !ktdp.access_tile<32x32xindex>
    %a = ktdp.load %ta : !ktdp.access_tile<8x32xindex> -> tensor<8x32xf16>
    %b = ktdp.load %tb : !ktdp.access_tile<32x32xindex> -> tensor<32x32xf16>
    %e = tensor.empty() : tensor<8x32xf16>
    %p = linalg.matmul ins(%a, %b : tensor<8x32xf16>, tensor<32x32xf16>) outs(%e : tensor<8x32xf16>) -> tensor<8x32xf16>
    %next = arith.addf %it, %p : tensor<8x32xf16>
    scf.yield %next : tensor<8x32xf16>
  }
  %tc = ktdp.construct_access_tile %C[%row, %col] {
    access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 31 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x64xf16> -> !ktdp.access_tile<8x32xindex>
  ktdp.store %acc, %tc : tensor<8x32xf16>, !ktdp.access_tile<8x32xindex>
  return
}
