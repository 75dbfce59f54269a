// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg q=2
// LAUNCH: --arg q=9
// LAUNCH: --arg q=-100000000000
// index_captured.mlir - index math on captured scalars alone in a body:
// y = q < 5 ? x : 0 (q a kernel argument, clamped), f16. The compare is
// of i32 lanes, so the group runs on 32 (ktc-split counts an index
// operand as i32 lanes; it used to take f16's 64, which ktc-lower could
// not compare).
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @index_captured(%x: index, %y: index, %q: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x128xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 128], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x128xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<4x128xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x128xf16> -> !ktdp.access_tile<4x128xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<4x128xindex> -> tensor<4x128xf16>
  %e = tensor.empty() : tensor<4x128xf16>
  %zero = arith.constant 0.0 : f16
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<4x128xf16>) outs(%e : tensor<4x128xf16>) {
  ^bb0(%in: f16, %out: f16):
    %ok = arith.cmpi slt, %q, %c5 : index
    %s = arith.select %ok, %in, %zero : f16
    linalg.yield %s : f16
  } -> tensor<4x128xf16>
  ktdp.store %r, %ty : tensor<4x128xf16>, !ktdp.access_tile<4x128xindex>
  return
}
