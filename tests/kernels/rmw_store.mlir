// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// rmw_store.mlir - doubles elements 8..11 of a 64-element f16 row in place
// (8 bytes at byte 16: inside one DMA word of both devices). The load
// fetches the enclosing word into a staging buffer and the SFU's FIFO is
// fed from element 8 of it; the store is a read-modify-write of that word,
// so the other 60 elements keep their values.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#four = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @rmw_store(%x: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 64], strides: [64, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %t = ktdp.construct_access_tile %X[%c0, %c8] {access_tile_set = #four, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x4xindex>
  %a = ktdp.load %t : !ktdp.access_tile<1x4xindex> -> tensor<1x4xf16>
  %d = arith.addf %a, %a : tensor<1x4xf16>
  ktdp.store %d, %t : tensor<1x4xf16>, !ktdp.access_tile<1x4xindex>
  return
}
