// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// rows_remainder.mlir - per row of a 7x128 f16 matrix on a grid of 2 (tile
// t: rows t, t + 2, ...: 4 rows, or 3), s = the sum of its two 64-wide
// blocks (carried in iter_args), then Y = X - s block by block. The row
// loop's trip count differs by tile: ktc-nest tiles it into whole tiles
// and a remainder loop, whose two column loops are nests of their own
// (remainder-nests; before, one DMA per block at the device's latency).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rows_rem(%x: index, %y: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %X = ktdp.construct_memory_view %x, sizes: [7, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 6 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<7x128xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [7, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 6 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<7x128xf16>
    scf.for %row = %tile to %c7 step %c2 {
      %zero = arith.constant dense<0.0> : tensor<1x64xf16>
      %acc = scf.for %col = %c0 to %c128 step %c64 iter_args(%a = %zero) -> tensor<1x64xf16> {
        %t = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<7x128xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %t : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %n = arith.addf %a, %v : tensor<1x64xf16>
        scf.yield %n : tensor<1x64xf16>
      }
      scf.for %col = %c0 to %c128 step %c64 {
        %t = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<7x128xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %t : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %o = arith.subf %v, %acc : tensor<1x64xf16>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<7x128xf16> -> !ktdp.access_tile<1x64xindex>
        ktdp.store %o, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
    }
    return
  }
}
