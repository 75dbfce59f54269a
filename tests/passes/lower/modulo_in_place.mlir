// RUN: ktc-allocate | ktc-lower
// PARSE: --stage=sched.nested
// modulo.mlir's copy done in place (%C is %A's tensor): the MNILU and the
// MNISU also meet in device memory, which has no phases, so the back
// signal keeps one credit: no credits before the loop, no drain after it.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @copy_in_place(%a: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %A = ktdp.construct_memory_view %a, sizes: [6, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<6x64xf16>
    %C = ktdp.construct_memory_view %a, sizes: [6, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<6x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<6x64xf16> to memref<6x64xf16, "DDR">
    %C_DDR = memref.memory_space_cast %C : memref<6x64xf16> to memref<6x64xf16, "DDR">
    %buf = memref.alloc() : memref<3x1x64xf16, "L1">
    scf.for %t = %c0 to %c6 step %c1 {
      %ph = ktdf.buffer_phase(%t) {num_phases = 3 : i64} : index
      ktdf.pipeline modulo(size: 3) {
        %p:2 = ktdf.private -> (!ktdf.token, !ktdf.token) {
          %t0 = ktdf.create_token : !ktdf.token
          %t1 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %t0, %t1 : !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#0) {
          ktdf.data_transfer from %A_DDR[%t, 0] size [1, 64] to %buf[%ph, 0, 0] size [1, 1, 64] : memref<6x64xf16, "DDR">, memref<3x1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#0) depends_out(%p#1) {
          ktdf.data_transfer from %buf[%ph, 0, 0] size [1, 1, 64] to %C_DDR[%t, 0] size [1, 64] : memref<3x1x64xf16, "L1">, memref<6x64xf16, "DDR">
        } {applicable_units = ["MNISU"]}
      }
    }
    return
  }
}
