// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// row_sums_wide.mlir - the sums of the 3 rows of a 3x2048 f16 block (each
// row 32 pieces of 64 lanes: more than the chunked form's 16, so the SFU
// holds half a row in registers and folds in ktc-interp's exact pairwise
// order), one row per loop step, each sum stored to Y[%i0]: 2 bytes at an
// offset known at launch, a read-modify-write of the word around it
// (offset %i0 mod word), three times the same word in a row.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#three = affine_set<(d0) : (d0 >= 0, -d0 + 2 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @row_sums_wide(%x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [3, 2048], strides: [2048, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<3x2048xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<3x2048xf16> -> !ktdp.access_tile<3x2048xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<3x2048xindex> -> tensor<3x2048xf16>
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<3xf16>
  %i0 = linalg.fill ins(%zero : f16) outs(%e : tensor<3xf16>) -> tensor<3xf16>
  %sum = linalg.reduce { arith.addf } ins(%a : tensor<3x2048xf16>) outs(%i0 : tensor<3xf16>) dimensions = [1]
  %Y = ktdp.construct_memory_view %y, sizes: [3], strides: [1] {coordinate_set = #three, memory_space = #ktdp.memory_space<global>} : memref<3xf16>
  %t0 = ktdp.construct_access_tile %Y[%c0] {access_tile_set = #three, access_tile_order = #id1} : memref<3xf16> -> !ktdp.access_tile<3xindex>
  ktdp.store %sum, %t0 : tensor<3xf16>, !ktdp.access_tile<3xindex>
  return
}
