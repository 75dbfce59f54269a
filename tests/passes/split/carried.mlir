// RUN: ktc-split
// PARSE: --device=sample
// A loop carrying a tensor (the sum of two 1x64 blocks) belongs to the
// compute group of its block: the program keeps the loop, the carried
// tensor is a scratchpad buffer (%sum_buf, named after the loop's
// result) filled before the loop, read and written in place by the body's
// pipeline, and the store after the loop reads the buffer. The loop has
// no iter_args left.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @carried(%a: index, %s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 128], strides: [128, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<1x128xf16>
  %S = ktdp.construct_memory_view %s, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %zero = arith.constant dense<0.0> : tensor<1x64xf16>
  %sum = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (tensor<1x64xf16>) {
    %col = arith.muli %i, %c64 : index
    %ta = ktdp.construct_access_tile %A[%c0, %col] {access_tile_set = #set, access_tile_order = #id} : memref<1x128xf16> -> !ktdp.access_tile<1x64xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %next = arith.addf %acc, %x : tensor<1x64xf16>
    scf.yield %next : tensor<1x64xf16>
  }
  %ts = ktdp.construct_access_tile %S[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  ktdp.store %sum, %ts : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
