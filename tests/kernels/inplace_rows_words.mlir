// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=sample
// DEVICES: sample spyre
// inplace_rows_words.mlir - x[r, 3..67) = x[r + 1, 0..64) + x[r - 2, 0..64)
// in place, for rows 2, 4 and 6 of a 12x192 f16 tensor (inplace_fuzz's
// case that caught it): row r's store starts inside a DMA word, so it
// reads its words' old lanes, stores the whole words, and the next row's
// load of x[r - 2] reads what the row before stored. ktc-nest makes the
// row loop a tile loop of one-point tiles: that dependence is carried by
// the tile loop, outside the point loop the loads' other signals are
// about. ktc-lower lets the loads of one row's old words wait for the
// previous row's store only at their own turn (a credit given at the
// program's start); the load of x[r - 2] still waits for that store, at
// the end of the tile loop's body.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 191 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @inplace_rows_words(%x: index) attributes {grid = [1]} {
    %lo = arith.constant 2 : index
    %hi = arith.constant 8 : index
    %st = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %X = ktdp.construct_memory_view %x, sizes: [12, 192], strides: [192, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<12x192xf16>
    scf.for %r = %lo to %hi step %st {
      %ta = ktdp.construct_access_tile %X[%r + 1, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<12x192xf16> -> !ktdp.access_tile<1x64xindex>
      %tb = ktdp.construct_access_tile %X[%r - 2, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<12x192xf16> -> !ktdp.access_tile<1x64xindex>
      %td = ktdp.construct_access_tile %X[%r, %c3] {access_tile_set = #blk, access_tile_order = #id} : memref<12x192xf16> -> !ktdp.access_tile<1x64xindex>
      %a = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %b = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %s = arith.addf %a, %b : tensor<1x64xf16>
      ktdp.store %s, %td : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
