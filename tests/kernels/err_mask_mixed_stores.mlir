// RUN: ktc-split
// PARSE: --device=spyre
// err_mask_mixed_stores.mlir - exp over rows of 1000 f16 in blocks of 256
// columns, each block stored twice: to Y, whose coordinate_set ends at
// column 999 (the last block's store is masked), and to Z, 1024 columns
// wide (not masked). A masked computation either stores through tiles all
// masked alike (the store-side select) or through none (zero-fill):
// refused, located at the computation.
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @err_mask_mixed_stores(%x: index, %y: index, %z: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %c1000 = arith.constant 1000 : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x1024xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 1000], strides: [1000, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x1000xf16>
    %Z = ktdp.construct_memory_view %z, sizes: [2, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x1024xf16>
    scf.for %row = %c0 to %c2 step %c1 {
      scf.for %col = %c0 to %c1000 step %c256 {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x1024xf16> -> !ktdp.access_tile<1x256xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x1000xf16> -> !ktdp.access_tile<1x256xindex>
        %tz = ktdp.construct_access_tile %Z[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x1024xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %e = math.exp %v : tensor<1x256xf16>
        ktdp.store %e, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
        ktdp.store %e, %tz : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
      }
    }
    return
  }
}
