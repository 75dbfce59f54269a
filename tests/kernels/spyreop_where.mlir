// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH:
// spyreop_where.mlir - the Spyre intrinsics of a where, in a generic's body:
// spyreop.compare (1.0 where the predicate holds, else 0.0, in the
// operands' float type), spyreop.select (its second operand where the
// float condition is not 0.0) and spyreop.constant. y = select(x > 0, x,
// 0) + (x <= 0): the ReLU of x, plus 1 where it is 0; ktc-lower computes
// each compare as a mask and selects 1.0 or 0.0 (as ktc-interp does).
#set = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @spyreop_where(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<256xindex> -> tensor<256xf16>
    %e = tensor.empty() : tensor<256xf16>
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%v : tensor<256xf16>) outs(%e : tensor<256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %z = spyreop.constant 0.0 : f16
      %pos = spyreop.compare <greaterthan> %in, %z : f16
      %relu = spyreop.select %pos, %in, %z : f16
      %neg = spyreop.compare <lesserequal> %in, %z : f16
      %s = arith.addf %relu, %neg : f16
      linalg.yield %s : f16
    } -> tensor<256xf16>
    ktdp.store %r, %ty : tensor<256xf16>, !ktdp.access_tile<256xindex>
    return
  }
}
