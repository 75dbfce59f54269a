// RUN: ktc-split
// PARSE: --device=sample
// Spyre intrinsics (scalar ops) work on tensors through linalg.map and
// linalg.generic bodies: the map becomes a generic and fuses with the
// other, one body of spyreop.exp then spyreop.sigmoid.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @intrinsics(%a: index) {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %init = tensor.empty() : tensor<1x64xf16>
  %e = linalg.map { spyreop.exp } ins(%x : tensor<1x64xf16>) outs(%init : tensor<1x64xf16>)
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e : tensor<1x64xf16>) outs(%init : tensor<1x64xf16>) {
  ^bb0(%v: f16, %o: f16):
    %g = spyreop.sigmoid %v : f16
    linalg.yield %g : f16
  } -> tensor<1x64xf16>
  ktdp.store %s, %ta : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
