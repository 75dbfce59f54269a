// RUN: ktc-split
// PARSE: --device=sample
// Two groups whose loads and stores interleave (the second group's load
// comes before the first group's store) cannot be cut apart in order, nor
// joined into one program: the first stores to the tile the second loads
// (one program would not keep that load before that store).
// (tests/kernels/two_results_interleaved.mlir is joined.)
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @interleaved(%a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %B = ktdp.construct_memory_view %b, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %y = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %nx = arith.negf %x : tensor<1x64xf16>
  ktdp.store %nx, %tb : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  %ny = arith.negf %y : tensor<1x64xf16>
  ktdp.store %ny, %ta : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
