// RUN: ktc-split | ktc-path-expand | ktc-nest --assume n=200
// PARSE: --device=spyre
// LAUNCH: --arg n=200 --arg x=f16:8x256 --arg y=f16:8x256
// LAUNCH: --arg n=256 --arg x=f16:8x256 --arg y=f16:8x256
// LAUNCH: --arg n=1 --arg x=f16:8x256 --arg y=f16:8x256
// LAUNCH: --arg n=0 --arg x=f16:8x256 --arg y=f16:8x256
// scale_rows_masked.mlir - y = x * x on the columns below n (n <= 256, an
// argument) of rows 256 apart, as Triton writes it: every 64-wide block
// of a row runs, its store masked past n; 2 rows a core on 4 cores.
// ktc-split's peel runs a row's whole blocks as a loop of unmasked tiles,
// then the masked block alone (a loop of at most one trip), whose store
// merges y's old lanes past n. ktc-nest's broadcast hoists the old lanes'
// load out of the masked block's tile loop into a buffer of 2 copies by
// the row loop's runs (%rph), and row-phases gives the remainder's
// staging buffers (tiles of 2 blocks at the bound, 256: an odd block
// left) 2 copies too, so the next row's loads go while this row computes:
// its LAUNCH lines (compiled without --assume) on spyre, n = 200: 513 ->
// 369 cycles; n = 1: 499 -> 342; n = 0 (no block): 317 -> 164; n = 256
// (no masked block): 350 -> 353.
#cols = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @scale_rows_masked(%x: index, %y: index, %n: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, %n], strides: [256, 1] {
      coordinate_set = #cols, memory_space = #ktdp.memory_space<global>
    } : memref<8x?xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, %n], strides: [256, 1] {
      coordinate_set = #cols, memory_space = #ktdp.memory_space<global>
    } : memref<8x?xf16>
    scf.for %row = %tile to %c8 step %c4 {
      scf.for %col = %c0 to %c256 step %c64 {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %o = arith.mulf %v, %v : tensor<1x64xf16>
        ktdp.store %o, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
    }
    return
  }
}
