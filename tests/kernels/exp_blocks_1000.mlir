// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// exp_blocks_1000.mlir - exp over 4 rows of 1000 f16, 2 rows a core, each
// row in blocks of 256 columns: the last block (columns 768..1023) passes
// the view's coordinate_set (d1 <= 999), a constant bound. ktc-split masks
// it as it masks a Triton tile past a launch-time bound (split.h "Masked
// tiles"): the tile loop runs to the 232 columns in the set, and the last
// vector's store keeps the lanes past them (it used to store the whole
// block, past the row, past the tensor for the last row). ktc-split's
// peel runs blocks 0..767 as a loop of whole blocks and the last alone
// (its extent the constant 232): 4088 cycles on spyre, 10675 before the
// peel; rows of 1000 f16 start inside a DMA word, so ktc-nest moves them
// a vector at a time. Not on the sample device:
// its DMA units do not write part of a 64-byte word (ktc-codegen refuses,
// located).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @exp_blocks_1000(%x: index, %y: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %c1000 = arith.constant 1000 : index
    %per = arith.constant 2 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 1000], strides: [1000, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x1000xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 1000], strides: [1000, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x1000xf16>
    scf.for %row = %rows to %end step %c1 {
      scf.for %col = %c0 to %c1000 step %c256 {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<4x1000xf16> -> !ktdp.access_tile<1x256xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<4x1000xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %e = math.exp %v : tensor<1x256xf16>
        ktdp.store %e, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
      }
    }
    return
  }
}
