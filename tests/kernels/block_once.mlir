// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// DEVICES: spyre
// block_once.mlir - z = x + y on 2000 f16 elements over a grid of 2 cores,
// 1000 each in one block (Triton's add_kernel with BLOCK_SIZE = n / 2): the
// block loop runs one trip on every core. ktc-split makes the block's 15
// lane-wide vectors and its tail of 40 two pipelines, which ktc-nest nests
// (a tile of the vectors, then the tail). ktc-lower lets the load unit
// wait for the compute side's read of the vectors' buffers before its next
// write of them, with a credit given at the program's start through the
// loops of one trip, not at the end of their pipeline: the tail's loads
// follow the vectors' at once (spyre: 610 cycles with the wait there, 434;
// tests/passes/nest/lower_block_once.mlir). Not on sample: its MNISU
// writes 64-byte words, and core 1's tail (40 f16 at element 1960) shares
// one with core 0's block: ktc-path-expand refuses it.
module {
  func.func @block_once(%x: index, %y: index, %z: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %per = arith.constant 1000 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [2000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2000xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2000xf16>
    %Z = ktdp.construct_memory_view %z, sizes: [2000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2000xf16>
    scf.for %i = %start to %end step %per {
      %tx = ktdp.construct_access_tile %X[%i] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<2000xf16> -> !ktdp.access_tile<1000xindex>
      %ty = ktdp.construct_access_tile %Y[%i] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<2000xf16> -> !ktdp.access_tile<1000xindex>
      %tz = ktdp.construct_access_tile %Z[%i] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<2000xf16> -> !ktdp.access_tile<1000xindex>
      %vx = ktdp.load %tx : !ktdp.access_tile<1000xindex> -> tensor<1000xf16>
      %vy = ktdp.load %ty : !ktdp.access_tile<1000xindex> -> tensor<1000xf16>
      %vz = arith.addf %vx, %vy : tensor<1000xf16>
      ktdp.store %vz, %tz : tensor<1000xf16>, !ktdp.access_tile<1000xindex>
    }
    return
  }
}
