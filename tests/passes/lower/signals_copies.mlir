// RUN: ktc-allocate | ktc-lower
// PARSE: --stage=sched.nested
// Four rows through a row buffer in two copies (ktc-nest's resident-rows:
// row r in %row[r mod 2], %copy a ktdf.buffer_phase of the row loop): one
// pipeline's MNILU fills the row's copy, the next pipeline's MNISU drains
// it. The copy subscript is the same for both in a row, so row r's store
// waits for row r's load (one signal); back, they meet only two rows apart
// (lower.h "Signals"), so the MNISU's signal after its row comes with one
// credit before the loop (the MNILU fills row r + 1's copy while row r's
// drains) and the MNILU drains the credit after it.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @copies(%a: index, %c: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [4, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<4x64xf16> to memref<4x64xf16, "DDR">
    %C_DDR = memref.memory_space_cast %C : memref<4x64xf16> to memref<4x64xf16, "DDR">
    %row = memref.alloc() : memref<2x1x64xf16, "L1">
    scf.for %r = %c0 to %c4 step %c1 {
      %copy = ktdf.buffer_phase(%r) {num_phases = 2 : i64} : index
      ktdf.pipeline {
        %p = ktdf.private -> (!ktdf.token) {
          %t0 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %t0 : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p) {
          ktdf.data_transfer from %A_DDR[%r, 0] size [1, 64] to %row[%copy, 0, 0] size [1, 1, 64] : memref<4x64xf16, "DDR">, memref<2x1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
      }
      ktdf.pipeline {
        %q = ktdf.private -> (!ktdf.token) {
          %t1 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %t1 : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%q) {
          ktdf.data_transfer from %row[%copy, 0, 0] size [1, 1, 64] to %C_DDR[%r, 0] size [1, 64] : memref<2x1x64xf16, "L1">, memref<4x64xf16, "DDR">
        } {applicable_units = ["MNISU"]}
      }
    }
    return
  }
}
