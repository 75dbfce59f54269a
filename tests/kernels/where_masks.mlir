// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH:
// where_masks.mlir - masks combined, as Triton writes `(a > 0) & (a < 0.5)`
// or `~mask`: y = where(~((x > 0 & x < 0.5) | x == -0.25), x, 0) in a
// generic's body, z = where(~(x > 0 & x < 0.5), x, 0) on tensors (the not a
// xori with dense<true>). The device has no lanes for i1, only compares and
// selects: ktc-split makes a select on andi(c1, c2) select(c1, select(c2, a,
// b), b), on ori select(c1, a, select(c2, a, b)), on xori (not: xor true)
// the selects swapped, until the selects read the compares alone; the logic
// ops go.
#set = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @where_masks(%x: index, %y: index, %z: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %zs = arith.constant 0.0 : f16
    %h = arith.constant 0.5 : f16
    %q = arith.constant -0.25 : f16
    %X = ktdp.construct_memory_view %x, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %Z = ktdp.construct_memory_view %z, sizes: [256], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
    %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %tz = ktdp.construct_access_tile %Z[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<256xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<256xindex> -> tensor<256xf16>
    %e = tensor.empty() : tensor<256xf16>
    %ry = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%v : tensor<256xf16>) outs(%e : tensor<256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %pos = arith.cmpf ogt, %in, %zs : f16
      %low = arith.cmpf olt, %in, %h : f16
      %eq = arith.cmpf oeq, %in, %q : f16
      %both = arith.andi %pos, %low : i1
      %any = arith.ori %both, %eq : i1
      %none = arith.xori %any, %true : i1
      %s = arith.select %none, %in, %zs : f16
      linalg.yield %s : f16
    } -> tensor<256xf16>
    %zero = arith.constant dense<0.0> : tensor<256xf16>
    %half = arith.constant dense<0.5> : tensor<256xf16>
    %m0 = arith.cmpf ogt, %v, %zero : tensor<256xf16>
    %m1 = arith.cmpf olt, %v, %half : tensor<256xf16>
    %all = arith.constant dense<true> : tensor<256xi1>
    %mm = arith.andi %m0, %m1 : tensor<256xi1>
    %m = arith.xori %mm, %all : tensor<256xi1>
    %rz = arith.select %m, %v, %zero : tensor<256xi1>, tensor<256xf16>
    ktdp.store %ry, %ty : tensor<256xf16>, !ktdp.access_tile<256xindex>
    ktdp.store %rz, %tz : tensor<256xf16>, !ktdp.access_tile<256xindex>
    return
  }
}
