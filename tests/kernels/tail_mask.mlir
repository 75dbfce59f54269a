// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n=0
// LAUNCH: --arg n=100
// LAUNCH: --arg n=200
// LAUNCH: --arg n=256
// LAUNCH: --arg n=-3
// LAUNCH: --arg n=9000000000
// tail_mask.mlir - a tail mask from the iteration index: y[r, j] = 2 x[r,
// j] where base + j < n, 0 elsewhere (base = tile * 64, this core's first
// column; n a kernel argument, as Triton's `offs < n`), 4 rows of 256 f32
// on a grid of 4, a block of 64 columns a core. base is a tile id's
// multiple; ktc-split compares each lane's place in its vector (an f32
// constant) with n - base less the vector's first column, made in index
// arithmetic and clamped to [-1, the vector's columns] (exact as a float):
// no index is computed in the lanes (split.h, lane compares).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @tail_mask(%x: index, %y: index, %n: index) attributes {grid = [4]} {
  %t = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %base = arith.muli %t, %c64 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x256xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x256xf32>
  %tx = ktdp.construct_access_tile %X[%c0, %base] {access_tile_set = #blk, access_tile_order = #id} : memref<4x256xf32> -> !ktdp.access_tile<4x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %base] {access_tile_set = #blk, access_tile_order = #id} : memref<4x256xf32> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf32>
  %e = tensor.empty() : tensor<4x64xf32>
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<4x64xf32>) outs(%e : tensor<4x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 1 : index
    %col = arith.addi %base, %j : index
    %ok = arith.cmpi slt, %col, %n : index
    %d = arith.addf %in, %in : f32
    %s = arith.select %ok, %d, %zero : f32
    linalg.yield %s : f32
  } -> tensor<4x64xf32>
  ktdp.store %r, %ty : tensor<4x64xf32>, !ktdp.access_tile<4x64xindex>
  return
}
