// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower | ktc-codegen --ktir=sink_receives.mlir --emit=text
// PARSE: --device=spyre
// PRINT: none
// sink_receives.mlir - C = A B with A 1x32 and B 32x64 f16: the product's
// chain of elementwise generics in f32 (ktc-split), each link receiving
// its steps' A elements (splatted) and B rows from the load unit. The
// SFU program receives each vector just before its first use, not all of
// a link's at its start (codegen_sched.c: the load unit no longer waits
// for the SFU to drain the FIFO, so the two overlap): 650 -> 577 cycles
// on spyre (tests/kernels/matmul_epilogue 1280 -> 1019, dist_ffn 2385 ->
// 1870).
#a = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#b = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#c = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @mm(%pa: index, %pb: index, %pc: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %A = ktdp.construct_memory_view %pa, sizes: [1, 32], strides: [32, 1] {coordinate_set = #a, memory_space = #ktdp.memory_space<global>} : memref<1x32xf16>
    %B = ktdp.construct_memory_view %pb, sizes: [32, 64], strides: [64, 1] {coordinate_set = #b, memory_space = #ktdp.memory_space<global>} : memref<32x64xf16>
    %C = ktdp.construct_memory_view %pc, sizes: [1, 64], strides: [64, 1] {coordinate_set = #c, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #a, access_tile_order = #id} : memref<1x32xf16> -> !ktdp.access_tile<1x32xindex>
    %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #b, access_tile_order = #id} : memref<32x64xf16> -> !ktdp.access_tile<32x64xindex>
    %tc = ktdp.construct_access_tile %C[%c0, %c0] {access_tile_set = #c, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %a = ktdp.load %ta : !ktdp.access_tile<1x32xindex> -> tensor<1x32xf16>
    %b = ktdp.load %tb : !ktdp.access_tile<32x64xindex> -> tensor<32x64xf16>
    %z = arith.constant 0.0 : f16
    %e = tensor.empty() : tensor<1x64xf16>
    %f = linalg.fill ins(%z : f16) outs(%e : tensor<1x64xf16>) -> tensor<1x64xf16>
    %p = linalg.matmul ins(%a, %b : tensor<1x32xf16>, tensor<32x64xf16>) outs(%f : tensor<1x64xf16>) -> tensor<1x64xf16>
    ktdp.store %p, %tc : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
