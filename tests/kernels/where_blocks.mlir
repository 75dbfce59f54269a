// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH: --arg n=1000 --arg m=1000 --arg x=f16:2x1024 --arg y=f16:2x256 --arg z=f16:2x256
// LAUNCH: --arg n=1000 --arg m=1024 --arg x=f16:2x1024 --arg y=f16:2x256 --arg z=f16:2x256
// LAUNCH: --arg n=1024 --arg m=700 --arg x=f16:2x1024 --arg y=f16:2x256 --arg z=f16:2x256
// LAUNCH: --arg n=300 --arg m=5000 --arg x=f16:2x1024 --arg y=f16:2x256 --arg z=f16:2x256
// where_blocks.mlir - Triton's masked sums over a row of n columns in
// blocks of 256 to n (`for off in range(0, N, BLOCK)`), the row's view
// bounded by n: y sums where(cols < N, x, 0)^2, z sums where(cols < M, x,
// 0), a bound of its own. ktc-split zero-fills the block's columns past n
// (ref 6.6: they read 0; no store of the sums is masked), but y's where
// drops those lanes already (its bound is the view's, n - off after the
// rebase), so its block is read as it is, no fill (split.h, "Masked
// tiles"); z's bound may pass n (m = 1024: columns 1000..1023 must read
// 0), so z's block is zero-filled. A row a core (grid of 2).
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @where_blocks(%x: index, %y: index, %z: index, %n: index, %m: index)
      attributes {grid = [2]} {
    %row = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %zs = arith.constant 0.0 : f16
    %X = ktdp.construct_memory_view %x, sizes: [2, %n], strides: [1024, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<2x?xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {
      coordinate_set = #out, memory_space = #ktdp.memory_space<global>
    } : memref<2x256xf16>
    %Z = ktdp.construct_memory_view %z, sizes: [2, 256], strides: [256, 1] {
      coordinate_set = #out, memory_space = #ktdp.memory_space<global>
    } : memref<2x256xf16>
    %zeros = arith.constant dense<0.0> : tensor<1x256xf16>
    %sq, %sm = scf.for %off = %c0 to %n step %c256 iter_args(%acc = %zeros, %acc2 = %zeros)
        -> (tensor<1x256xf16>, tensor<1x256xf16>) {
      %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<2x?xf16> -> !ktdp.access_tile<1x256xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %e = tensor.empty() : tensor<1x256xf16>
      %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x256xf16>) outs(%e : tensor<1x256xf16>) {
      ^bb0(%in: f16, %out: f16):
        %j = linalg.index 1 : index
        %col = arith.addi %off, %j : index
        %ok = arith.cmpi slt, %col, %n : index
        %r = arith.select %ok, %in, %zs : f16
        linalg.yield %r : f16
      } -> tensor<1x256xf16>
      %d2 = arith.mulf %d, %d : tensor<1x256xf16>
      %next = arith.addf %acc, %d2 : tensor<1x256xf16>
      %dm = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x256xf16>) outs(%e : tensor<1x256xf16>) {
      ^bb0(%in: f16, %out: f16):
        %j = linalg.index 1 : index
        %col = arith.addi %off, %j : index
        %ok = arith.cmpi slt, %col, %m : index
        %r = arith.select %ok, %in, %zs : f16
        linalg.yield %r : f16
      } -> tensor<1x256xf16>
      %next2 = arith.addf %acc2, %dm : tensor<1x256xf16>
      scf.yield %next, %next2 : tensor<1x256xf16>, tensor<1x256xf16>
    }
    %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<1x256xindex>
    ktdp.store %sq, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    %tz = ktdp.construct_access_tile %Z[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<1x256xindex>
    ktdp.store %sm, %tz : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    return
  }
}
