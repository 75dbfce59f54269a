// RUN: ktc-split
// PARSE: --device=sample
// A carried tensor whose initial value the program computes (exp of a
// loaded row) is written by that computation straight into the carried
// buffer, and into a buffer of its own for the body, which reads it too;
// the loop's result feeds a computation after the loop (read from the
// carried buffer) and a store. The body loads its tile at every iteration.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @init(%a: index, %s: index, %t: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %S = ktdp.construct_memory_view %s, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %T = ktdp.construct_memory_view %t, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %ts = ktdp.construct_access_tile %S[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %tt = ktdp.construct_access_tile %T[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %e = math.exp %x : tensor<1x64xf16>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %e) -> (tensor<1x64xf16>) {
    %y = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %n0 = arith.mulf %acc, %y : tensor<1x64xf16>
    %n = arith.addf %n0, %e : tensor<1x64xf16>
    scf.yield %n : tensor<1x64xf16>
  }
  %h = arith.addf %r, %r : tensor<1x64xf16>
  ktdp.store %h, %ts : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  ktdp.store %r, %tt : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
