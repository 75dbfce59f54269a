// RUN: ktc-allocate | ktc-lower
// PARSE: --stage=sched.nested
// Four rows through a buffer with a row each (ktc-nest's per-point
// expansion): the MNILU fills buf[r], the MNISU drains it. Their byte
// ranges are affine in the loop's IV, so ktc-lower compares them per
// iteration (lower.h "Signals"): row r's store waits for row r's load (one
// signal), but no row writes what another row reads, so the MNILU needs no
// signal back and runs ahead.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @rows(%a: index, %c: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [4, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<4x64xf16> to memref<4x64xf16, "DDR">
    %C_DDR = memref.memory_space_cast %C : memref<4x64xf16> to memref<4x64xf16, "DDR">
    %buf = memref.alloc() : memref<4x1x64xf16, "L1">
    scf.for %r = %c0 to %c4 step %c1 {
      ktdf.pipeline {
        %p:2 = ktdf.private -> (!ktdf.token, !ktdf.token) {
          %t0 = ktdf.create_token : !ktdf.token
          %t1 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %t0, %t1 : !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#0) {
          ktdf.data_transfer from %A_DDR[%r, 0] size [1, 64] to %buf[%r, 0, 0] size [1, 1, 64] : memref<4x64xf16, "DDR">, memref<4x1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#0) depends_out(%p#1) {
          ktdf.data_transfer from %buf[%r, 0, 0] size [1, 1, 64] to %C_DDR[%r, 0] size [1, 64] : memref<4x1x64xf16, "L1">, memref<4x64xf16, "DDR">
        } {applicable_units = ["MNISU"]}
      }
    }
    return
  }
}
