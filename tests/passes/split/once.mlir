// RUN: ktc-split
// PARSE: --device=sample
// Loops of constant bounds that run once or not at all go first, as MLIR's
// canonicalizer folds them (a Triton kernel whose BLOCK_SIZE is the row's
// length loops once over its blocks). The sum's loop runs once: its body
// takes its place at column 0, the carried tensor's initial zeros for
// %acc, and the store reads the sum it yields: one program, no carried
// buffer. The second loop runs not at all: %none is its initial %sum and
// the loop is gone; nothing reads %none, so nothing is left of it.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @once(%a: index, %s: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %S = ktdp.construct_memory_view %s, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %zero = arith.constant dense<0.0> : tensor<1x64xf16>
  %sum = scf.for %col = %c0 to %c64 step %c64 iter_args(%acc = %zero) -> (tensor<1x64xf16>) {
    %ta = ktdp.construct_access_tile %A[%c0, %col] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %next = arith.addf %acc, %x : tensor<1x64xf16>
    scf.yield %next : tensor<1x64xf16>
  }
  %none = scf.for %col = %c64 to %c64 step %c64 iter_args(%acc = %sum) -> (tensor<1x64xf16>) {
    %next = arith.mulf %acc, %acc : tensor<1x64xf16>
    scf.yield %next : tensor<1x64xf16>
  }
  %ts = ktdp.construct_access_tile %S[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  ktdp.store %sum, %ts : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
