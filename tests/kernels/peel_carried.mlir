// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n=256 --arg x=f16:256 --arg y=f16:256 --arg z=f16:64
// LAUNCH: --arg n=200 --arg x=f16:256 --arg y=f16:256 --arg z=f16:64
// LAUNCH: --arg n=64 --arg x=f16:256 --arg y=f16:256 --arg z=f16:64
// LAUNCH: --arg n=1 --arg x=f16:256 --arg y=f16:256 --arg z=f16:64
// LAUNCH: --arg n=0 --arg x=f16:256 --arg y=f16:256 --arg z=f16:64
// peel_carried.mlir - the peel (split.h "Masked tiles") of a loop that carries a value: the
// sum of X's blocks of 64, stored whole to Z after the loop, while each
// block's exponentials are stored masked past n. The clone carries on
// from the whole blocks' sum and runs to the loop's end (the blocks past
// n still add to the sum).
#set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>
#all = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#one = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#id = affine_map<(d0) -> (d0)>
func.func @peel_carried(%x: index, %y: index, %z: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %X = ktdp.construct_memory_view %x, sizes: [256], strides: [1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<256xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [%n], strides: [1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %Z = ktdp.construct_memory_view %z, sizes: [64], strides: [1] {
    coordinate_set = #one, memory_space = #ktdp.memory_space<global>} : memref<64xf16>
  %zero = arith.constant dense<0.0> : tensor<64xf16>
  %sum = scf.for %col = %c0 to %c256 step %c64 iter_args(%acc = %zero) -> (tensor<64xf16>) {
    %tx = ktdp.construct_access_tile %X[%col] {access_tile_set = #one, access_tile_order = #id} : memref<256xf16> -> !ktdp.access_tile<64xindex>
    %ty = ktdp.construct_access_tile %Y[%col] {access_tile_set = #one, access_tile_order = #id} : memref<?xf16> -> !ktdp.access_tile<64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<64xindex> -> tensor<64xf16>
    %next = arith.addf %acc, %v : tensor<64xf16>
    %e = math.exp %v : tensor<64xf16>
    ktdp.store %e, %ty : tensor<64xf16>, !ktdp.access_tile<64xindex>
    scf.yield %next : tensor<64xf16>
  }
  %tz = ktdp.construct_access_tile %Z[%c0] {access_tile_set = #one, access_tile_order = #id} : memref<64xf16> -> !ktdp.access_tile<64xindex>
  ktdp.store %sum, %tz : tensor<64xf16>, !ktdp.access_tile<64xindex>
  return
}
