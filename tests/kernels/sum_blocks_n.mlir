// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=spyre
// LAUNCH: --arg n=1000 --arg x=f16:8x1024
// LAUNCH: --arg n=5 --arg x=f16:8x1024
// LAUNCH: --arg n=-3 --arg x=f16:8x1024
// sum_blocks_n.mlir - per row of n columns (n an argument, rows 1024
// apart), the sum of its 256-wide blocks carried in a tensor, Triton's
// `for off in range(0, N, BLOCK)`: the blocks' columns at n and past read 0
// (ktc-split zero-fills them). The block loop runs to n, whose views give
// no bound: ktc-nest's coarsening moves each tile of blocks in one DMA
// from a view whose leading size is the tile loop's trips times the tile,
// made at launch (memref<?x...>; it used to leave such a loop a DMA a
// block: 5465 cycles for n = 1000 on spyre, 1080 now).
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>
module {
  func.func @sum_blocks_n(%x: index, %y: index, %n: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %BLOCK = arith.constant 256 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, %n], strides: [1024, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<8x?xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 256], strides: [256, 1] {
      coordinate_set = #out, memory_space = #ktdp.memory_space<global>
    } : memref<8x256xf16>
    scf.for %row = %tile to %c8 step %c4 {
      %zeros = arith.constant dense<0.0> : tensor<1x256xf16>
      %sum = scf.for %off = %c0 to %n step %BLOCK iter_args(%acc = %zeros) -> (tensor<1x256xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %next = arith.addf %acc, %v : tensor<1x256xf16>
        scf.yield %next : tensor<1x256xf16>
      }
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %sum, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    }
    return
  }
}
