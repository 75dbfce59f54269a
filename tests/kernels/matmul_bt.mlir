// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// matmul_bt.mlir - C[8x64] = A[8x64] B[64x64], B a transposed view of a
// row-major W[64x64] (B[k, n] = W[n, k]: strides [1, 64], as PyTorch's
// x @ w.t()): ktc-split loads B's tile in W's storage order and
// transposes it on the compute unit.
#a = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#b = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @matmul_bt(%pa: index, %pw: index, %pc: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %pa, sizes: [8, 64], strides: [64, 1] {coordinate_set = #a, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %B = ktdp.construct_memory_view %pw, sizes: [64, 64], strides: [1, 64] {coordinate_set = #b, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %C = ktdp.construct_memory_view %pc, sizes: [8, 64], strides: [64, 1] {coordinate_set = #a, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #a, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #b, access_tile_order = #id} : memref<64x64xf16> -> !ktdp.access_tile<64x64xindex>
  %tc = ktdp.construct_access_tile %C[%c0, %c0] {access_tile_set = #a, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  %a = ktdp.load %ta : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
  %b = ktdp.load %tb : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
  %e = tensor.empty() : tensor<8x64xf16>
  %c = linalg.matmul ins(%a, %b : tensor<8x64xf16>, tensor<64x64xf16>) outs(%e : tensor<8x64xf16>) -> tensor<8x64xf16>
  ktdp.store %c, %tc : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
  return
}
