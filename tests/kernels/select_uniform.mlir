// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg a=3 --arg b=5
// LAUNCH: --arg a=5 --arg b=3
// select_uniform.mlir - arith.select on a condition the same in every lane:
// y = where(true, x, 0) and z = where(false, x, 0), constants ktc-split
// folds to the value picked (y copies x; z's generic yields its captured
// 0.0, which ktc-lower splats: a fill), and w = where(a < b, x, 0) of
// index arguments compared outside the generic, which ktc-lower compares
// lane by lane as splats (x, or zeros, by the launch's a and b).
#set = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @select_uniform(%x: index, %y: index, %z: index, %w: index, %a: index,
                            %b: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %false = arith.constant false
    %less = arith.cmpi slt, %a, %b : index
    %zs = arith.constant 0.0 : f16
    %X = ktdp.construct_memory_view %x, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %Z = ktdp.construct_memory_view %z, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %W = ktdp.construct_memory_view %w, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %tz = ktdp.construct_access_tile %Z[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %tw = ktdp.construct_access_tile %W[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<256xindex> -> tensor<256xf16>
    %e = tensor.empty() : tensor<256xf16>
    %ry = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%v : tensor<256xf16>) outs(%e : tensor<256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %s = arith.select %true, %in, %zs : f16
      linalg.yield %s : f16
    } -> tensor<256xf16>
    %rz = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%v : tensor<256xf16>) outs(%e : tensor<256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %s = arith.select %false, %in, %zs : f16
      linalg.yield %s : f16
    } -> tensor<256xf16>
    %rw = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%v : tensor<256xf16>) outs(%e : tensor<256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %s = arith.select %less, %in, %zs : f16
      linalg.yield %s : f16
    } -> tensor<256xf16>
    ktdp.store %ry, %ty : tensor<256xf16>, !ktdp.access_tile<256xindex>
    ktdp.store %rz, %tz : tensor<256xf16>, !ktdp.access_tile<256xindex>
    ktdp.store %rw, %tw : tensor<256xf16>, !ktdp.access_tile<256xindex>
    return
  }
}
