// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg q0=0
// LAUNCH: --arg q0=37
// LAUNCH: --arg q0=-5
// LAUNCH: --arg q0=100000000000
// LAUNCH: --arg q0=-100000000000
// causal_mask_f16.mlir - causal_mask.mlir on f16 data (-inf 0xFC00): the
// index math needs i32 lanes, so the group runs on 32 lanes, half an f16
// stick (correct, slow: half-stick chunks are not coarsened yet).
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @causal_mask_f16(%x: index, %y: index, %q0: index) attributes {grid = [2]} {
  %t = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %r0 = arith.muli %t, %c64 : index
  %X = ktdp.construct_memory_view %x, sizes: [128, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<128x256xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [128, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<128x256xf16>
  %tx = ktdp.construct_access_tile %X[%r0, %c0] {access_tile_set = #rows, access_tile_order = #id} : memref<128x256xf16> -> !ktdp.access_tile<64x256xindex>
  %ty = ktdp.construct_access_tile %Y[%r0, %c0] {access_tile_set = #rows, access_tile_order = #id} : memref<128x256xf16> -> !ktdp.access_tile<64x256xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<64x256xindex> -> tensor<64x256xf16>
  %e = tensor.empty() : tensor<64x256xf16>
  %ninf = arith.constant 0xFC00 : f16
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<64x256xf16>) outs(%e : tensor<64x256xf16>) {
  ^bb0(%in: f16, %out: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %row = arith.addi %r0, %i : index
    %qi = arith.addi %row, %q0 : index
    %ok = arith.cmpi ule, %j, %qi : index
    %s = arith.select %ok, %in, %ninf : f16
    linalg.yield %s : f16
  } -> tensor<64x256xf16>
  ktdp.store %r, %ty : tensor<64x256xf16>, !ktdp.access_tile<64x256xindex>
  return
}
