// RUN: ktc-allocate | ktc-lower
// PARSE: --device=sample --stage=sched.nested
// The reference's double buffering (two allocs and a ktdf.select_memref by
// phase) stays unsupported: ktc-nest expands one buffer by a phase dim
// instead (sched/nest.h). Rejected at the transfer using the selected buffer.
module {
  func.func @selected(%a: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %A = ktdp.construct_memory_view %a, sizes: [8, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<8x64xf16> to memref<8x64xf16, "DDR">
    %b0 = memref.alloc() : memref<1x64xf16, "L1">
    %b1 = memref.alloc() : memref<1x64xf16, "L1">
    scf.for %t = %c0 to %c8 step %c1 {
      %ph = ktdf.buffer_phase(%t) {num_phases = 2 : i64} : index
      %buf = ktdf.select_memref %ph[%b0, %b1] : memref<1x64xf16, "L1">
      ktdf.pipeline {
        %p = ktdf.private -> (!ktdf.token) {
          %t0 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %t0 : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p) {
          ktdf.data_transfer from %A_DDR[%t, 0] size [1, 64] to %buf[0, 0] size [1, 64] : memref<8x64xf16, "DDR">, memref<1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
      }
    }
    return
  }
}
