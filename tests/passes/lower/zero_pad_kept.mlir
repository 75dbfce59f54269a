// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower
// PARSE: --device=devices/no_zero_pad.mlir
// zero_pad.mlir on a device whose L1LU has no zero_pad feature
// (devices/no_zero_pad.mlir: tests/passes/codegen/devices/two_core.mlir
// without it): the SFU keeps the zero fill (its vectorchain.compare and
// select), and the loads stay plain.
#cols = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#two = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
func.func @zero_pad_kept(%x: index, %y: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, %n], strides: [64, 1] {coordinate_set = #cols, memory_space = #ktdp.memory_space<global>} : memref<2x?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2], strides: [1] {coordinate_set = #two, memory_space = #ktdp.memory_space<global>} : memref<2xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #tile, access_tile_order = #id} : memref<2x?xf16> -> !ktdp.access_tile<2x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #two, access_tile_order = affine_map<(d0) -> (d0)>} : memref<2xf16> -> !ktdp.access_tile<2xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<2xf16>
  %i0 = linalg.fill ins(%zero : f16) outs(%e : tensor<2xf16>) -> tensor<2xf16>
  %sum = linalg.reduce { arith.addf } ins(%a : tensor<2x64xf16>) outs(%i0 : tensor<2xf16>) dimensions = [1]
  ktdp.store %sum, %ty : tensor<2xf16>, !ktdp.access_tile<2xindex>
  return
}
