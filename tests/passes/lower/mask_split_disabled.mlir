// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower --disable=mask-split
// PARSE: --device=spyre
// mask_split.mlir with ktc-lower's mask-split off (sched/lower.h,
// "Masks"): the compute unit's block loop stays one loop, its compare
// and select on every block.
#row = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>
#blk = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @masked_sum(%x: index, %y: index, %n: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %zs = arith.constant 0.0 : f16
    %X = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {
      coordinate_set = #row, memory_space = #ktdp.memory_space<global>
    } : memref<?xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [64], strides: [1] {
      coordinate_set = #blk, memory_space = #ktdp.memory_space<global>
    } : memref<64xf16>
    %zeros = arith.constant dense<0.0> : tensor<64xf16>
    %s = scf.for %off = %c0 to %n step %c64 iter_args(%acc = %zeros) -> (tensor<64xf16>) {
      %tx = ktdp.construct_access_tile %X[%off] {access_tile_set = #blk, access_tile_order = #id} : memref<?xf16> -> !ktdp.access_tile<64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<64xindex> -> tensor<64xf16>
      %e = tensor.empty() : tensor<64xf16>
      %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%v : tensor<64xf16>) outs(%e : tensor<64xf16>) {
      ^bb0(%in: f16, %out: f16):
        %j = linalg.index 0 : index
        %col = arith.addi %off, %j : index
        %ok = arith.cmpi slt, %col, %n : index
        %r = arith.select %ok, %in, %zs : f16
        linalg.yield %r : f16
      } -> tensor<64xf16>
      %next = arith.addf %acc, %d : tensor<64xf16>
      scf.yield %next : tensor<64xf16>
    }
    %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #blk, access_tile_order = #id} : memref<64xf16> -> !ktdp.access_tile<64xindex>
    ktdp.store %s, %ty : tensor<64xf16>, !ktdp.access_tile<64xindex>
    return
  }
}
