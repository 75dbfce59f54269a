// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n=64 --arg x=f16:8x64 --arg y=f16:8x64
// LAUNCH: --arg n=100 --arg x=f16:8x100 --arg y=f16:8x100
// LAUNCH: --arg n=1000 --arg x=f16:8x1000 --arg y=f16:8x1000
// LAUNCH: --arg n=130 --arg x=f16:8x130 --arg y=f16:8x130
// LAUNCH: --arg n=5 --arg x=f16:8x5 --arg y=f16:8x5
// rows_stride_words.mlir - y = x + x over the 8 rows of n columns of
// contiguous tensors (the row stride n, known only at launch: Triton's
// `x_ptr + row * stride`), a row every 4 on a grid of 4 (rows t, t + 4),
// in blocks of 64 columns (whole 128-byte words) masked at n. A row starts
// inside a word unless n is a multiple of 64, and the words at the ends of
// a row hold the rows before and after, which other cores store at the
// same time: a block's store goes under a byte mask, its elements placed
// in its staging buffer at their offset in the word (it was written as
// whole words from offset 0 and failed at launch for n = 100: `dma.mask
// from byte 0 of a 128-byte word to byte 72 of one`). Spyre only: the
// sample device writes no byte masks, and a read-modify-write of those
// words would race with the other cores', so there whole words at a
// launch-time offset are taken as aligned (n a multiple of 32).
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rows_stride_words(%x: index, %y: index, %n: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %BLOCK = arith.constant 64 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, %n], strides: [%n, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<8x?xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, %n], strides: [%n, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<8x?xf16>
    scf.for %row = %tile to %c8 step %c4 {
      scf.for %off = %c0 to %n step %BLOCK {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %s = arith.addf %v, %v : tensor<1x64xf16>
        ktdp.store %s, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
    }
    return
  }
}
