// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// sdpa_2d.mlir - attention of 32 queries over 32 keys of 64 f16 (the
// shape of Triton's sdpa_kernel_2d in ktir-language.md's catalog):
// S = Q K^T (linalg.transpose of K, then linalg.matmul), scaled by 0.125,
// a row softmax with linalg.fill'd inits and linalg.broadcast of the max
// and the sum, O = P V. K^T's rows are K's columns, read from K's sticks
// in the scratchpad (transpose.mlir).
func.func @sdpa_kernel_2d(%q_ptr: index, %k_ptr: index, %v_ptr: index, %o_ptr: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %Q = ktdp.construct_memory_view %q_ptr, sizes: [32, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>
  } : memref<32x64xf16>
  %K = ktdp.construct_memory_view %k_ptr, sizes: [32, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>
  } : memref<32x64xf16>
  %V = ktdp.construct_memory_view %v_ptr, sizes: [32, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>
  } : memref<32x64xf16>
  %O = ktdp.construct_memory_view %o_ptr, sizes: [32, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>
  } : memref<32x64xf16>
  %tq = ktdp.construct_access_tile %Q[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x64xf16> -> !ktdp.access_tile<32x64xindex>
  %tk = ktdp.construct_access_tile %K[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x64xf16> -> !ktdp.access_tile<32x64xindex>
  %tv = ktdp.construct_access_tile %V[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x64xf16> -> !ktdp.access_tile<32x64xindex>
  %to = ktdp.construct_access_tile %O[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<32x64xf16> -> !ktdp.access_tile<32x64xindex>
  %q = ktdp.load %tq : !ktdp.access_tile<32x64xindex> -> tensor<32x64xf16>
  %k = ktdp.load %tk : !ktdp.access_tile<32x64xindex> -> tensor<32x64xf16>
  %v = ktdp.load %tv : !ktdp.access_tile<32x64xindex> -> tensor<32x64xf16>
  %kt_init = tensor.empty() : tensor<64x32xf16>
  %kt = linalg.transpose ins(%k : tensor<32x64xf16>) outs(%kt_init : tensor<64x32xf16>) permutation = [1, 0]
  %zero = arith.constant 0.0 : f16
  %s_init = tensor.empty() : tensor<32x32xf16>
  %s_zero = linalg.fill ins(%zero : f16) outs(%s_init : tensor<32x32xf16>) -> tensor<32x32xf16>
  %s = linalg.matmul ins(%q, %kt : tensor<32x64xf16>, tensor<64x32xf16>) outs(%s_zero : tensor<32x32xf16>) -> tensor<32x32xf16>
  %scale = arith.constant 0.125 : f16
  %scale_t = tensor.splat %scale : tensor<32x32xf16>
  %ss = arith.mulf %s, %scale_t : tensor<32x32xf16>
  %ninf = arith.constant 0xFC00 : f16
  %m_init = tensor.empty() : tensor<32xf16>
  %m_fill = linalg.fill ins(%ninf : f16) outs(%m_init : tensor<32xf16>) -> tensor<32xf16>
  %mx = linalg.reduce { arith.maximumf } ins(%ss : tensor<32x32xf16>) outs(%m_fill : tensor<32xf16>) dimensions = [1]
  %mb_init = tensor.empty() : tensor<32x32xf16>
  %mb = linalg.broadcast ins(%mx : tensor<32xf16>) outs(%mb_init : tensor<32x32xf16>) dimensions = [1]
  %d = arith.subf %ss, %mb : tensor<32x32xf16>
  %e = math.exp %d : tensor<32x32xf16>
  %z_init = tensor.empty() : tensor<32xf16>
  %z_fill = linalg.fill ins(%zero : f16) outs(%z_init : tensor<32xf16>) -> tensor<32xf16>
  %sum = linalg.reduce { arith.addf } ins(%e : tensor<32x32xf16>) outs(%z_fill : tensor<32xf16>) dimensions = [1]
  %sb_init = tensor.empty() : tensor<32x32xf16>
  %sb = linalg.broadcast ins(%sum : tensor<32xf16>) outs(%sb_init : tensor<32x32xf16>) dimensions = [1]
  %p = arith.divf %e, %sb : tensor<32x32xf16>
  %o_init = tensor.empty() : tensor<32x64xf16>
  %o_zero = linalg.fill ins(%zero : f16) outs(%o_init : tensor<32x64xf16>) -> tensor<32x64xf16>
  %o = linalg.matmul ins(%p, %v : tensor<32x32xf16>, tensor<32x64xf16>) outs(%o_zero : tensor<32x64xf16>) -> tensor<32x64xf16>
  ktdp.store %o, %to : tensor<32x64xf16>, !ktdp.access_tile<32x64xindex>
  return
}
