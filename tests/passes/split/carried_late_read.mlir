// RUN: ktc-split
// PARSE: --device=sample
// The body reads the carried tensor after computing its next value: the
// buffer is updated in place, so a copy generic at the top of the body
// (%old) keeps the old value for that read.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @late(%a: index, %s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %S = ktdp.construct_memory_view %s, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %ts = ktdp.construct_access_tile %S[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %zero = arith.constant dense<0.0> : tensor<1x64xf16>
  %sum = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (tensor<1x64xf16>) {
    %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %next = arith.addf %acc, %x : tensor<1x64xf16>
    %e = math.exp %next : tensor<1x64xf16>
    %old = arith.mulf %acc, %e : tensor<1x64xf16>
    ktdp.store %old, %ts : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    scf.yield %next : tensor<1x64xf16>
  }
  ktdp.store %sum, %ts : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
