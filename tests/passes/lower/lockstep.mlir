// RUN: ktc-lower
// PARSE: --device=sample --stage=sched.allocated
// Sibling loops in lockstep: the first loop's pipeline (per row: negate x
// into t) and the second's (per row: t + w into y) have the same bounds,
// and the second reads in row i only what the first wrote in row i. So the
// L1SU signals after each row of the first loop and the L1LU waits before
// each row of the second (the signals pair up in order): row 0 of the
// second loop starts while row 1 of the first is still computed.
module {
  func.func @lockstep(%x: index, %w: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
    %X_DDR = memref.memory_space_cast %X : memref<2x64xf16> to memref<2x64xf16, "DDR">
    %W = ktdp.construct_memory_view %w, sizes: [2, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
    %W_DDR = memref.memory_space_cast %W : memref<2x64xf16> to memref<2x64xf16, "DDR">
    %Y = ktdp.construct_memory_view %y, sizes: [2, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
    %Y_DDR = memref.memory_space_cast %Y : memref<2x64xf16> to memref<2x64xf16, "DDR">
    ktdf.pipeline {
      %p:6 = ktdf.private -> (memref<2x1x64xf16, "L1">, memref<2x1x64xf16, "L1">, memref<2x1x64xf16, "L1">, memref<2x1x64xf16, "L1">, !ktdf.token, !ktdf.token) {
        %a0 = arith.constant 0 : index
        %xb = builtin.unrealized_conversion_cast %a0 : index to memref<2x1x64xf16, "L1">
        %a1 = arith.constant 256 : index
        %wb = builtin.unrealized_conversion_cast %a1 : index to memref<2x1x64xf16, "L1">
        %a2 = arith.constant 512 : index
        %tb = builtin.unrealized_conversion_cast %a2 : index to memref<2x1x64xf16, "L1">
        %a3 = arith.constant 768 : index
        %yb = builtin.unrealized_conversion_cast %a3 : index to memref<2x1x64xf16, "L1">
        %t0 = ktdf.create_token : !ktdf.token
        %t1 = ktdf.create_token : !ktdf.token
        ktdf.private_yield %xb, %wb, %tb, %yb, %t0, %t1 : memref<2x1x64xf16, "L1">, memref<2x1x64xf16, "L1">, memref<2x1x64xf16, "L1">, memref<2x1x64xf16, "L1">, !ktdf.token, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#4) {
        ktdf.data_transfer from %X_DDR[0, 0] size [2, 64] to %p#0[0, 0, 0] size [2, 1, 64] : memref<2x64xf16, "DDR">, memref<2x1x64xf16, "L1">
        ktdf.data_transfer from %W_DDR[0, 0] size [2, 64] to %p#1[0, 0, 0] size [2, 1, 64] : memref<2x64xf16, "DDR">, memref<2x1x64xf16, "L1">
      } {applicable_units = ["MNILU"]}
      ktdf.stage depends_in(%p#4) depends_out(%p#5) {
        scf.for %i = %c0 to %c2 step %c1 {
          ktdf.pipeline {
            %q:4 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token) {
              %f0 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %f1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %u0 = ktdf.create_token : !ktdf.token
              %u1 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %f0, %f1, %u0, %u1 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%q#2) {
              ktdf.data_transfer from %p#0[%i, 0, 0] size [1, 1, 64] to %q#0 size [1, 1, 64] : memref<2x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%q#2) depends_out(%q#3) {
              %v = ktdf.read_from_fifo %q#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x1x64xf16>
              %e = tensor.empty() : tensor<1x1x64xf16>
              %n = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v : tensor<1x1x64xf16>) outs(%e : tensor<1x1x64xf16>) {
              ^bb0(%a: f16, %o: f16):
                %r = arith.negf %a : f16
                linalg.yield %r : f16
              } -> tensor<1x1x64xf16>
              ktdf.write_to_fifo %n, %q#1 : tensor<1x1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%q#3) depends_out(none) {
              ktdf.data_transfer from %q#1 size [1, 1, 64] to %p#2[%i, 0, 0] size [1, 1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<2x1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
        }
        scf.for %i = %c0 to %c2 step %c1 {
          ktdf.pipeline {
            %q:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token) {
              %f0:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %f1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %u0 = ktdf.create_token : !ktdf.token
              %u1 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %f0#0, %f0#1, %f1, %u0, %u1 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%q#3) {
              ktdf.data_transfer from %p#2[%i, 0, 0] size [1, 1, 64] to %q#0 size [1, 1, 64] : memref<2x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#1[%i, 0, 0] size [1, 1, 64] to %q#1 size [1, 1, 64] : memref<2x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%q#3) depends_out(%q#4) {
              %a = ktdf.read_from_fifo %q#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x1x64xf16>
              %b = ktdf.read_from_fifo %q#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x1x64xf16>
              %e = tensor.empty() : tensor<1x1x64xf16>
              %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a, %b : tensor<1x1x64xf16>, tensor<1x1x64xf16>) outs(%e : tensor<1x1x64xf16>) {
              ^bb0(%l: f16, %r: f16, %o: f16):
                %t = arith.addf %l, %r : f16
                linalg.yield %t : f16
              } -> tensor<1x1x64xf16>
              ktdf.write_to_fifo %s, %q#2 : tensor<1x1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%q#4) depends_out(none) {
              ktdf.data_transfer from %q#2 size [1, 1, 64] to %p#3[%i, 0, 0] size [1, 1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<2x1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
        }
      } {applicable_units = ["L1LU", "SFU", "L1SU"]}
      ktdf.stage depends_in(%p#5) depends_out(none) {
        ktdf.data_transfer from %p#3[0, 0, 0] size [2, 1, 64] to %Y_DDR[0, 0] size [2, 64] : memref<2x1x64xf16, "L1">, memref<2x64xf16, "DDR">
      } {applicable_units = ["MNISU"]}
    }
    return
  }
}
