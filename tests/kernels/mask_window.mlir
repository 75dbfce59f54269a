// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH: --arg lo=0 --arg hi=1024
// LAUNCH: --arg lo=100 --arg hi=1000
// LAUNCH: --arg lo=64 --arg hi=640
// LAUNCH: --arg lo=700 --arg hi=300
// LAUNCH: --arg lo=-5 --arg hi=5000
// LAUNCH: --arg lo=1023 --arg hi=1024
// mask_window.mlir - the sum over a row of 1024 f16, in blocks of 64, of
// where(lo <= cols && cols < hi, x, 0): a window of columns given at
// launch. ktc-split makes the and of the two masks nested selects, each a
// compare of the lanes' positions with a count the block moves (lo - off,
// hi - off); ktc-lower splits the compute unit's block loop where each
// turns all-true (sched/lower.h, "Masks"): the blocks below lo keep their
// compares, those past it leave the lower bound's, and of those the ones
// before hi leave the upper bound's too.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @mask_window(%x: index, %y: index, %lo: index, %hi: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %zs = arith.constant 0.0 : f16
    %X = ktdp.construct_memory_view %x, sizes: [1, 1024], strides: [1024, 1] {
      coordinate_set = #row, memory_space = #ktdp.memory_space<global>
    } : memref<1x1024xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {
      coordinate_set = #blk, memory_space = #ktdp.memory_space<global>
    } : memref<1x64xf16>
    %zeros = arith.constant dense<0.0> : tensor<1x64xf16>
    %s = scf.for %off = %c0 to %c1024 step %c64 iter_args(%acc = %zeros) -> (tensor<1x64xf16>) {
      %tx = ktdp.construct_access_tile %X[%c0, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<1x1024xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %e = tensor.empty() : tensor<1x64xf16>
      %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
      ^bb0(%in: f16, %out: f16):
        %j = linalg.index 1 : index
        %col = arith.addi %off, %j : index
        %above = arith.cmpi sge, %col, %lo : index
        %below = arith.cmpi slt, %col, %hi : index
        %ok = arith.andi %above, %below : i1
        %r = arith.select %ok, %in, %zs : f16
        linalg.yield %r : f16
      } -> tensor<1x64xf16>
      %next = arith.addf %acc, %d : tensor<1x64xf16>
      scf.yield %next : tensor<1x64xf16>
    }
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %s, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
