// RUN: ktc-split
// PARSE: --device=sample
// err_index_lanes.mlir - a causal mask on f16 on the sample device: its
// SFU has f16 lanes only, none for the i32 that index math runs in;
// refused at the generic.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @err_index_lanes(%x: index, %y: index, %q: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x32xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 32], strides: [32, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x32xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x32xf16> -> !ktdp.access_tile<4x32xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<4x32xf16> -> !ktdp.access_tile<4x32xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<4x32xindex> -> tensor<4x32xf16>
  %e = tensor.empty() : tensor<4x32xf16>
  %zero = arith.constant 0.0 : f16
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<4x32xf16>) outs(%e : tensor<4x32xf16>) {
  ^bb0(%in: f16, %out: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ok = arith.cmpi ule, %j, %i : index
    %s = arith.select %ok, %in, %zero : f16
    linalg.yield %s : f16
  } -> tensor<4x32xf16>
  ktdp.store %r, %ty : tensor<4x32xf16>, !ktdp.access_tile<4x32xindex>
  return
}
