// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre tests/passes/codegen/devices/narrow_simd.mlir
// reduce_narrow_simd.mlir - per row of 256 f16 (a row a tile, 4 tiles),
// y = x * sum(x * x). On narrow_simd (32 f16 lanes, DMA sticks of 128
// bytes) the row is 8 chunks, and ktc-nest's reduction levels read each
// chunk of 64 bytes from device memory in a DMA of its own, which the
// DMA units cannot move ("this DMA read of 64 bytes fits none of the
// accesses MNILU makes to DDR"; dag_fuzz on that device). A short row
// whose chunks no DMA moves stays whole now: ktc-codegen streams it.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @reduce_narrow_simd(%x_a: index, %y_a: index) attributes {grid = [4]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x_a, sizes: [4, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x256xf16>
  %Y = ktdp.construct_memory_view %y_a, sizes: [4, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x256xf16>
  %tx = ktdp.construct_access_tile %X[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x256xf16> -> !ktdp.access_tile<1x256xindex>
  %x = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
  %q = arith.mulf %x, %x : tensor<1x256xf16>
  %z = arith.constant 0.0 : f16
  %i = tensor.splat %z : tensor<1xf16>
  %r = linalg.reduce { arith.addf } ins(%q : tensor<1x256xf16>) outs(%i : tensor<1xf16>) dimensions = [1]
  %s = tensor.extract %r[%c0] : tensor<1xf16>
  %sb = tensor.splat %s : tensor<1x256xf16>
  %y = arith.mulf %x, %sb : tensor<1x256xf16>
  %ty = ktdp.construct_access_tile %Y[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x256xf16> -> !ktdp.access_tile<1x256xindex>
  ktdp.store %y, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
  return
}
