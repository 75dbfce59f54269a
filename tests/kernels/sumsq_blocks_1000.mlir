// RUN: ktc-split
// PARSE: --device=spyre
// sumsq_blocks_1000.mlir - a sum of squares over rows of 1000 f16 in
// blocks of 256 columns, carried across the blocks in a tensor: the last
// block passes the view's coordinate_set (a constant bound, d1 <= 999), so
// its elements past column 999 read 0 (ref 6.6). No store of the sum is
// masked, so ktc-split zero-fills (split.h "Masked tiles"): every block
// runs whole and each vector read of X goes through select(lane < r, x,
// 0), r the block's columns in the set from the vector on (it used to
// read the next row's elements into the sum; then it was refused).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @sumsq_blocks_1000(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %c1000 = arith.constant 1000 : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 1000], strides: [1000, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x1000xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x256xf16>
    scf.for %row = %c0 to %c2 step %c1 {
      %zero = arith.constant dense<0.0> : tensor<1x256xf16>
      %sq = scf.for %col = %c0 to %c1000 step %c256 iter_args(%acc = %zero) -> (tensor<1x256xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x1000xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %v2 = arith.mulf %v, %v : tensor<1x256xf16>
        %next = arith.addf %acc, %v2 : tensor<1x256xf16>
        scf.yield %next : tensor<1x256xf16>
      }
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %sq, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    }
    return
  }
}
