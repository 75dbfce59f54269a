// accum.mlir - the sum of squares of each row of a 4x512 f16 matrix in
// column blocks of 256, carried in a 1x256 tensor (scf.for iter_args, a
// scratchpad accumulator after ktc-split), stored as a row of Y. The
// accumulator is read and written back block after block: the dependence
// ktc-lower's signals must respect is carried by the column loop.
module {
  func.func @accum(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 512], strides: [512, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 511 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x512xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x256xf16>
    scf.for %row = %c0 to %c4 step %c1 {
      %zero = arith.constant dense<0.0> : tensor<1x256xf16>
      %sq = scf.for %col = %c0 to %c512 step %c256 iter_args(%acc = %zero) -> (tensor<1x256xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x512xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %v2 = arith.mulf %v, %v : tensor<1x256xf16>
        %next = arith.addf %acc, %v2 : tensor<1x256xf16>
        scf.yield %next : tensor<1x256xf16>
      }
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x256xf16> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %sq, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    }
    return
  }
}
