// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// amax_loop.mlir - the per-lane running max |x| and min x of a 1x512 f16
// row: two carried 1x64 tensors over the 8 blocks of the row (scf.for
// with two iter_args, math.absf, arith.maximumf / arith.minimumf), each
// stored as a 64-element output after the loop.
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @amax_loop(%x: index, %y: index, %z: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c512 = arith.constant 512 : index
    %X = ktdp.construct_memory_view %x, sizes: [1, 512], strides: [512, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 511 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x512xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {coordinate_set = #blk, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %Z = ktdp.construct_memory_view %z, sizes: [1, 64], strides: [64, 1] {coordinate_set = #blk, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %zero = arith.constant dense<0.0> : tensor<1x64xf16>
    %big = arith.constant dense<6.0e+04> : tensor<1x64xf16>
    %mx, %mn = scf.for %i = %c0 to %c512 step %c64 iter_args(%a = %zero, %b = %big) -> (tensor<1x64xf16>, tensor<1x64xf16>) {
      %tx = ktdp.construct_access_tile %X[%c0, %i] {access_tile_set = #blk, access_tile_order = #id} : memref<1x512xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %av = math.absf %v : tensor<1x64xf16>
      %na = arith.maximumf %a, %av : tensor<1x64xf16>
      %nb = arith.minimumf %b, %v : tensor<1x64xf16>
      scf.yield %na, %nb : tensor<1x64xf16>, tensor<1x64xf16>
    }
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %tz = ktdp.construct_access_tile %Z[%c0, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %mx, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    ktdp.store %mn, %tz : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
