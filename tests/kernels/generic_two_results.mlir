// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH:
// generic_two_results.mlir - a linalg.generic of two results, as Inductor
// fuses an elementwise pair: y = x + x, z = (x + x) * x. ktc-split makes it
// one generic a result, each a clone of the body yielding its own value.
#set = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @generic_two_results(%x: index, %y: index, %z: index) attributes {grid = [1]} {
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
      %a = arith.addf %in, %in : f16
      %b = arith.mulf %a, %in : f16
      linalg.yield %a, %b : f16, f16
    } -> (tensor<256xf16>, tensor<256xf16>)
    ktdp.store %r#0, %ty : tensor<256xf16>, !ktdp.access_tile<256xindex>
    ktdp.store %r#1, %tz : tensor<256xf16>, !ktdp.access_tile<256xindex>
    return
  }
}
