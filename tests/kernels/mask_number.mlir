// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH:
// mask_number.mlir - a mask made a number, as `mask.to(tl.float16)` counts
// it: y = uitofp(x > 0) + x in a generic's body, z = uitofp(x < 0) on
// tensors. ktc-split makes each uitofp of an i1 (and extui) a select of 1
// and 0 on the mask, which the device computes as a compare and a select.
#set = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @mask_number(%x: index, %y: index, %z: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %zs = arith.constant 0.0 : f16
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
      %n = arith.uitofp %pos : i1 to f16
      %s = arith.addf %n, %in : f16
      linalg.yield %s : f16
    } -> tensor<256xf16>
    %zero = arith.constant dense<0.0> : tensor<256xf16>
    %neg = arith.cmpf olt, %v, %zero : tensor<256xf16>
    %rz = arith.uitofp %neg : tensor<256xi1> to tensor<256xf16>
    ktdp.store %ry, %ty : tensor<256xf16>, !ktdp.access_tile<256xindex>
    ktdp.store %rz, %tz : tensor<256xf16>, !ktdp.access_tile<256xindex>
    return
  }
}
