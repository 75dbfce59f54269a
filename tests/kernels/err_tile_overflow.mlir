// RUN: ktc-split
// PARSE: --device=sample
// err_tile_overflow.mlir - Y = X + X on one 1024x1024 f16 tile (2 MiB) on
// the sample device, whose cores have 1 MiB of scratchpad. A KTIR data
// tile lives in a core's scratchpad; ktc-interp (as ktir-cpu) refuses one
// that does not fit, and ktc-split refuses it at the op making it, though
// ktc could stream it (the corpus's paged-tensor-copy: a 16 MiB tile).
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @tile_overflow(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [1024, 1024], strides: [1024, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1024x1024xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1024, 1024], strides: [1024, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1024x1024xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1024x1024xf16> -> !ktdp.access_tile<1024x1024xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1024x1024xf16> -> !ktdp.access_tile<1024x1024xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<1024x1024xindex> -> tensor<1024x1024xf16>
  %s = arith.addf %v, %v : tensor<1024x1024xf16>
  ktdp.store %s, %ty : tensor<1024x1024xf16>, !ktdp.access_tile<1024x1024xindex>
  return
}
