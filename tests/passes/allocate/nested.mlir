// RUN: ktc-allocate
// PARSE: --stage=sched.nested
// Buffers of a ktc-nest program (sched/nest.h): %bufa and %bufc, expanded
// to 2 phases of 4 rows (2x4x64xf16, 1024 bytes each), are allocated at
// program level and used in the tile loop, so they live across the whole
// loop: the inner pipeline's staging buffer %row (128 bytes) goes above
// them (2048), not over a phase. %pre, in a pipeline before the allocs, is
// dead by then and shares bytes 0.. with %bufa; %post, in a pipeline after
// the tile loop, reuses 0 again.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @nested(%a: index, %c: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %A = ktdp.construct_memory_view %a, sizes: [8, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [8, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<8x64xf16> to memref<8x64xf16, "DDR">
    %C_DDR = memref.memory_space_cast %C : memref<8x64xf16> to memref<8x64xf16, "DDR">
    ktdf.pipeline {
      %p:2 = ktdf.private -> (memref<2x64xf16, "L1">, !ktdf.token) {
        %pre = memref.alloc() : memref<2x64xf16, "L1">
        %t0 = ktdf.create_token : !ktdf.token
        ktdf.private_yield %pre, %t0 : memref<2x64xf16, "L1">, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#1) {
        ktdf.data_transfer from %A_DDR[0, 0] size [2, 64] to %p#0[0, 0] size [2, 64] : memref<8x64xf16, "DDR">, memref<2x64xf16, "L1">
      } {applicable_units = ["MNILU"]}
    }
    %bufa = memref.alloc() : memref<2x4x64xf16, "L1">
    %bufc = memref.alloc() : memref<2x4x64xf16, "L1">
    scf.for %t = %c0 to %c2 step %c1 {
      %ph = ktdf.buffer_phase(%t) {num_phases = 2 : i64} : index
      %r = arith.muli %t, %c4 : index
      ktdf.pipeline modulo(size: 2) {
        %p:3 = ktdf.private -> (!ktdf.token, !ktdf.token, !ktdf.token) {
          %t0 = ktdf.create_token : !ktdf.token
          %t1 = ktdf.create_token : !ktdf.token
          %t2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %t0, %t1, %t2 : !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#0) {
          ktdf.data_transfer from %A_DDR[%r, 0] size [4, 64] to %bufa[%ph, 0, 0] size [1, 4, 64] : memref<8x64xf16, "DDR">, memref<2x4x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#0) depends_out(%p#1) {
          scf.for %i = %c0 to %c4 step %c1 {
            ktdf.pipeline {
              %q:3 = ktdf.private -> (memref<64xf16, "L1">, !ktdf.token, !ktdf.token) {
                %row = memref.alloc() : memref<64xf16, "L1">
                %u0 = ktdf.create_token : !ktdf.token
                %u1 = ktdf.create_token : !ktdf.token
                ktdf.private_yield %row, %u0, %u1 : memref<64xf16, "L1">, !ktdf.token, !ktdf.token
              }
              ktdf.stage depends_in(none) depends_out(%q#1) {
                ktdf.data_transfer from %bufa[%ph, %i, 0] size [1, 1, 64] to %q#0[0] size [64] : memref<2x4x64xf16, "L1">, memref<64xf16, "L1">
              } {applicable_units = ["L1LU"]}
              ktdf.stage depends_in(%q#1) depends_out(%q#2) {
                ktdf.data_transfer from %q#0[0] size [64] to %bufc[%ph, %i, 0] size [1, 1, 64] : memref<64xf16, "L1">, memref<2x4x64xf16, "L1">
              } {applicable_units = ["L1SU"]}
            }
          }
        } {applicable_units = ["L1LU", "L1SU"]}
        ktdf.stage depends_in(%p#1) depends_out(%p#2) {
          ktdf.data_transfer from %bufc[%ph, 0, 0] size [1, 4, 64] to %C_DDR[%r, 0] size [4, 64] : memref<2x4x64xf16, "L1">, memref<8x64xf16, "DDR">
        } {applicable_units = ["MNISU"]}
      }
    }
    ktdf.pipeline {
      %p:2 = ktdf.private -> (memref<2x64xf16, "L1">, !ktdf.token) {
        %post = memref.alloc() : memref<2x64xf16, "L1">
        %t0 = ktdf.create_token : !ktdf.token
        ktdf.private_yield %post, %t0 : memref<2x64xf16, "L1">, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#1) {
        ktdf.data_transfer from %A_DDR[0, 0] size [2, 64] to %p#0[0, 0] size [2, 64] : memref<8x64xf16, "DDR">, memref<2x64xf16, "L1">
      } {applicable_units = ["MNILU"]}
    }
    return
  }
}
