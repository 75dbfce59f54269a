// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// rmw_misaligned.mlir - doubles elements 8..71 of a 128-element f16 row in
// place: 128 bytes, a whole stick's size, but at byte 16, so not one
// aligned stick: both DMA hops move the two sticks around it (elements
// 0..127). Spyre's MNISU writes under a byte mask: the store keeps its 64
// elements (transfer_mode = "masked", read from element 8 of the staging
// buffer), so elements 0..7 and 72..127 keep their values; on the sample
// device (the launch test) it is a read-modify-write.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#four = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @rmw_misaligned(%x: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 128], strides: [128, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x128xf16>
  %t = ktdp.construct_access_tile %X[%c0, %c8] {access_tile_set = #four, access_tile_order = #id} : memref<1x128xf16> -> !ktdp.access_tile<1x64xindex>
  %a = ktdp.load %t : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %d = arith.addf %a, %a : tensor<1x64xf16>
  ktdp.store %d, %t : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
