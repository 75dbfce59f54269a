// RUN: ktc-allocate | ktc-lower
// PARSE: --stage=sched.nested
// signals_copies.mlir's rows through a row buffer in two copies, each row's
// fill and drain inside a loop of at most one trip known only at launch:
// ceil((min(k, s + 64) - s) / 64), a row's masked block past its whole
// ones (ktc-split's peel). A loop of at most one trip a run has no next
// iteration (lower.h "Signals"), so the two pipelines meet back only in
// the row loop, two rows apart: the MNISU's signal after its drain comes
// with one credit before the row loop, as in signals_copies.mlir (the
// MNILU fills row r + 1's copy while row r's drains), not a wait of the
// MNILU in every row for the row before's drain. The inner loop's bound
// is the same in every row (k and s alone): it runs in every row or in
// none, so the MNILU's wait and the MNISU's signal are inside it, and a
// row that does not run it waits for nothing.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @copies_once(%a: index, %c: index, %k: index, %s: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [4, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<4x64xf16> to memref<4x64xf16, "DDR">
    %C_DDR = memref.memory_space_cast %C : memref<4x64xf16> to memref<4x64xf16, "DDR">
    %row = memref.alloc() : memref<2x1x64xf16, "L1">
    %end = arith.addi %s, %c64 : index
    %e = arith.minsi %k, %end : index
    %d = arith.subi %e, %s : index
    %q = arith.ceildivsi %d, %c64 : index
    %once = arith.maxsi %q, %c0 : index
    scf.for %r = %c0 to %c4 step %c1 {
      %copy = ktdf.buffer_phase(%r) {num_phases = 2 : i64} : index
      scf.for %b = %c0 to %once step %c1 {
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
          %p2 = ktdf.private -> (!ktdf.token) {
            %t1 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %t1 : !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p2) {
            ktdf.data_transfer from %row[%copy, 0, 0] size [1, 1, 64] to %C_DDR[%r, 0] size [1, 64] : memref<2x1x64xf16, "L1">, memref<4x64xf16, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      }
    }
    return
  }
}
