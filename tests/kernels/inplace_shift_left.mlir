// RUN: ktc-split
// PARSE: --device=spyre
// inplace_shift_left.mlir - x[r, 0..256) = -x[r, 1..257) in place for the
// 4 rows of a 4x512 f16 tensor: each row's load starts one element after
// its store, so streamed a vector at a time every element is read before
// the store that overwrites it (split_legal.c reads_ahead; the other way
// round, err_inplace_shift.mlir, is refused). 4 vectors a row.
module {
  func.func @shift_left(%x: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 512], strides: [512, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 511 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4x512xf16>
    scf.for %r = %c0 to %c4 step %c1 {
      %ta = ktdp.construct_access_tile %X[%r, %c1] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x512xf16> -> !ktdp.access_tile<1x256xindex>
      %tb = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x512xf16> -> !ktdp.access_tile<1x256xindex>
      %v = ktdp.load %ta : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %n = arith.negf %v : tensor<1x256xf16>
      ktdp.store %n, %tb : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    }
    return
  }
}
