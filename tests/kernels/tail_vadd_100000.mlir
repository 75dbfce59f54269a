// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg s=0.5
// LAUNCH: --arg s=-3.0
// tail_vadd_100000.mlir - C = A * s + B on 100000 f16 over a grid of 4
// tiles, tile t taking the block of 25000 from 25000 t: 25000 is no multiple
// of the 64 f16 lanes, and blocks 1-3 start inside a 128-byte word (50000
// bytes apart). ktc-split runs each block in 512-element tiles (8 pieces of
// 64), then 64-element ones, then a tail of 40; ktc-path-expand moves the
// words around each tile, six tiles in flight. Spyre only: the sample
// device stores no part of a word of device memory that other tiles share.
module {
  func.func @tail_vadd_100000(%a: index, %b: index, %c: index, %s: f16) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %per = arith.constant 25000 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %A = ktdp.construct_memory_view %a, sizes: [100000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 99999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<100000xf16>
    %B = ktdp.construct_memory_view %b, sizes: [100000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 99999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<100000xf16>
    %C = ktdp.construct_memory_view %c, sizes: [100000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 99999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<100000xf16>
    scf.for %i = %start to %end step %per {
      %ta = ktdp.construct_access_tile %A[%i] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 24999 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<100000xf16> -> !ktdp.access_tile<25000xindex>
      %tb = ktdp.construct_access_tile %B[%i] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 24999 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<100000xf16> -> !ktdp.access_tile<25000xindex>
      %tc = ktdp.construct_access_tile %C[%i] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 24999 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<100000xf16> -> !ktdp.access_tile<25000xindex>
      %va = ktdp.load %ta : !ktdp.access_tile<25000xindex> -> tensor<25000xf16>
      %vb = ktdp.load %tb : !ktdp.access_tile<25000xindex> -> tensor<25000xf16>
      %sv = tensor.splat %s : tensor<25000xf16>
      %as = arith.mulf %va, %sv : tensor<25000xf16>
      %vc = arith.addf %as, %vb : tensor<25000xf16>
      ktdp.store %vc, %tc : tensor<25000xf16>, !ktdp.access_tile<25000xindex>
    }
    return
  }
}
