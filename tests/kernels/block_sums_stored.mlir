// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// DEVICES: spyre sample
// block_sums_stored.mlir - per row of 1024 f16 (one a core of 2), the sum
// of its four 256-wide blocks carried in a tensor, stored as it is: the
// sum lives in the scratchpad, and ktc-nest's forward-copies has the
// store's DMA read it there instead of copying it, vector by vector,
// through the SFU into a staging buffer first (spyre: 384 -> 372 cycles;
// tests/passes/nest/forward_copies.mlir shows the IR).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @block_sums(%x: index, %y: index) attributes {grid = [2]} {
    %row = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 1024], strides: [1024, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<2x1024xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {coordinate_set = #out, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
    %zeros = arith.constant dense<0.0> : tensor<1x256xf16>
    %sum = scf.for %off = %c0 to %c1024 step %c256 iter_args(%acc = %zeros) -> (tensor<1x256xf16>) {
      %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<2x1024xf16> -> !ktdp.access_tile<1x256xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %next = arith.addf %acc, %v : tensor<1x256xf16>
      scf.yield %next : tensor<1x256xf16>
    }
    %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<1x256xindex>
    ktdp.store %sum, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    return
  }
}
