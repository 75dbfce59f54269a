// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg a=3 --arg b=5
// LAUNCH: --arg a=5 --arg b=3
// where_tensor.mlir - selects on tensors, as Triton writes tl.where without
// a linalg.generic: r = select(a < b, x, -x) on a scalar condition (ktc-split
// splats it to the tensor's shape, folded into the generic as a captured
// scalar that ktc-lower compares lane by lane), then y = select(r > 0, r, 0)
// on a mask tensor, whose compare fuses into the select's generic (an i1
// tensor has no lanes of its own on spyre).
#set = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @where_tensor(%x: index, %y: index, %a: index, %b: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %less = arith.cmpi slt, %a, %b : index
    %X = ktdp.construct_memory_view %x, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<256xindex> -> tensor<256xf16>
    %n = arith.negf %v : tensor<256xf16>
    %r = arith.select %less, %v, %n : tensor<256xf16>
    %zero = arith.constant dense<0.0> : tensor<256xf16>
    %m = arith.cmpf ogt, %r, %zero : tensor<256xf16>
    %r2 = arith.select %m, %r, %zero : tensor<256xi1>, tensor<256xf16>
    ktdp.store %r2, %ty : tensor<256xf16>, !ktdp.access_tile<256xindex>
    return
  }
}
