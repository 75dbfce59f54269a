// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg q0=0
// LAUNCH: --arg q0=37
// LAUNCH: --arg q0=-5
// LAUNCH: --arg q0=100000000000
// LAUNCH: --arg q0=-100000000000
// causal_mask.mlir - an attention score's causal mask, f32: y[r, j] = x[r,
// j] where j <= r + q0 (r the row, q0 the query offset, a kernel
// argument), -inf elsewhere; 128 rows of 256 on a grid of 2 (64 rows a
// core: tile * 64 + linalg.index 0). The chunk's linalg.index is its origin
// plus its own; q0 is clamped to +-2^30 (compares as it is), the index math
// runs in i32 lanes; ktc-nest tiles and splits the rows.
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @causal_mask(%x: index, %y: index, %q0: index) attributes {grid = [2]} {
  %t = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %r0 = arith.muli %t, %c64 : index
  %X = ktdp.construct_memory_view %x, sizes: [128, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<128x256xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [128, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<128x256xf32>
  %tx = ktdp.construct_access_tile %X[%r0, %c0] {access_tile_set = #rows, access_tile_order = #id} : memref<128x256xf32> -> !ktdp.access_tile<64x256xindex>
  %ty = ktdp.construct_access_tile %Y[%r0, %c0] {access_tile_set = #rows, access_tile_order = #id} : memref<128x256xf32> -> !ktdp.access_tile<64x256xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<64x256xindex> -> tensor<64x256xf32>
  %e = tensor.empty() : tensor<64x256xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %row = arith.addi %r0, %i : index
    %qi = arith.addi %row, %q0 : index
    %ok = arith.cmpi ule, %j, %qi : index
    %s = arith.select %ok, %in, %ninf : f32
    linalg.yield %s : f32
  } -> tensor<64x256xf32>
  ktdp.store %r, %ty : tensor<64x256xf32>, !ktdp.access_tile<64x256xindex>
  return
}
