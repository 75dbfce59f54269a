// RUN: ktc-split
// PARSE: --device=spyre
// err_generic_reads_output.mlir - a linalg.generic of two results, the first
// computed from the second's output (%o2): ktc-split splits a generic into
// one a result only when each is computed from the inputs and its own
// output alone, and says so.
#set = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @err_generic_reads_output(%x: index, %y: index, %z: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %Z = ktdp.construct_memory_view %z, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %tz = ktdp.construct_access_tile %Z[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<256xindex> -> tensor<256xf16>
    %e = tensor.empty() : tensor<256xf16>
    %r:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%v : tensor<256xf16>) outs(%e, %e : tensor<256xf16>, tensor<256xf16>) {
    ^bb0(%in: f16, %o1: f16, %o2: f16):
      %a = arith.addf %in, %o2 : f16
      %b = arith.mulf %a, %in : f16
      linalg.yield %a, %b : f16, f16
    } -> (tensor<256xf16>, tensor<256xf16>)
    ktdp.store %r#0, %ty : tensor<256xf16>, !ktdp.access_tile<256xindex>
    ktdp.store %r#1, %tz : tensor<256xf16>, !ktdp.access_tile<256xindex>
    return
  }
}
