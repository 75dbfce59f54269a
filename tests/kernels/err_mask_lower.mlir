// RUN: ktc-split
// PARSE: --device=sample
// err_mask_lower.mlir - y = x + x on a 64-element f16 tile whose view owns
// the coordinates from s0 on (a symbolic lower bound): refused by
// ktc-split at the view (only upper bounds by a dynamic size mask).
#from = affine_set<(d0)[s0] : (d0 - s0 >= 0, -d0 + 63 >= 0)>
#tile = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#id = affine_map<(d0) -> (d0)>
func.func @err_mask_lower(%x: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {coordinate_set = #from, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = #tile, access_tile_order = #id} : memref<?xf16> -> !ktdp.access_tile<64xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<64xindex> -> tensor<64xf16>
  %d = arith.addf %a, %a : tensor<64xf16>
  ktdp.store %d, %tx : tensor<64xf16>, !ktdp.access_tile<64xindex>
  return
}
