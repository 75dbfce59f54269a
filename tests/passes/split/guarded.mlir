// RUN: ktc-split
// PARSE: --device=sample
// The orchestrator keeps the kernel's control flow: a group under an scf.if
// (only tile 0 negates the row) becomes a call under the same scf.if.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @guarded(%a: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %t = ktdp.get_compute_tile_id : index
  %first = arith.cmpi eq, %t, %c0 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  scf.if %first {
    %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %y = arith.negf %x : tensor<1x64xf16>
    ktdp.store %y, %ta : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
