// RUN: ktc-allocate | ktc-lower
// PARSE: --stage=sched.nested
// ktdf.buffer_phase(%t, %j) {num_phases = 3} over a loop from 2 to 10 by 2
// and one from 0 to 3 by 1: the row-major iteration number ((t - 2) / 2) * 3
// + j, remui 3, as index arithmetic in the MNILU's program (the inner loop
// from 0 by 1 takes its IV and bound as they are).
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @phases(%a: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %A = ktdp.construct_memory_view %a, sizes: [3, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<3x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<3x64xf16> to memref<3x64xf16, "DDR">
    %buf = memref.alloc() : memref<3x64xf16, "L1">
    scf.for %t = %c2 to %c10 step %c2 {
      scf.for %j = %c0 to %c3 step %c1 {
        %ph = ktdf.buffer_phase(%t, %j) {num_phases = 3 : i64} : index
        ktdf.pipeline {
          %p = ktdf.private -> (!ktdf.token) {
            %t0 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %t0 : !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p) {
            ktdf.data_transfer from %A_DDR[%j, 0] size [1, 64] to %buf[%ph, 0] size [1, 64] : memref<3x64xf16, "DDR">, memref<3x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
        }
      }
    }
    return
  }
}
