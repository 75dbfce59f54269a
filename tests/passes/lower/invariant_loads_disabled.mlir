// RUN: ktc-lower --disable=invariant-loads
// PARSE: --stage=sched.allocated
// invariant_loads_waits.mlir with ktc-lower's invariant-loads off
// (sched/lower.h, "Invariant loads"): the scale and the shift are loaded
// with every vector of loop E, beside the accumulator.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  func.func @scales(%X: index, %Y: index, %n: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %Xv = ktdp.construct_memory_view %X, sizes: [4, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %Yv = ktdp.construct_memory_view %Y, sizes: [4, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %Xd = memref.memory_space_cast %Xv : memref<4x64xf16> to memref<4x64xf16, "DDR">
    %Yd = memref.memory_space_cast %Yv : memref<4x64xf16> to memref<4x64xf16, "DDR">
    %b0 = arith.constant 0 : index
    %in = builtin.unrealized_conversion_cast %b0 : index to memref<4x64xf16, "L1">
    %b1 = arith.constant 512 : index
    %s = builtin.unrealized_conversion_cast %b1 : index to memref<1x64xf16, "L1">
    %b2 = arith.constant 640 : index
    %t = builtin.unrealized_conversion_cast %b2 : index to memref<1x64xf16, "L1">
    %b3 = arith.constant 768 : index
    %out = builtin.unrealized_conversion_cast %b3 : index to memref<4x64xf16, "L1">    ktdf.pipeline {
      %d = ktdf.private -> (!ktdf.token) {
        %dt = ktdf.create_token : !ktdf.token
        ktdf.private_yield %dt : !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%d) {
        ktdf.data_transfer from %Xd[0, 0] size [4, 64] to %in[0, 0] size [4, 64] : memref<4x64xf16, "DDR">, memref<4x64xf16, "L1">
      } {applicable_units = ["MNILU"]}
    }
    // the row's scale and shift, written before E
    ktdf.pipeline {
      %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
        %a0 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        %o = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
        %t0 = ktdf.create_token : !ktdf.token
        %t1 = ktdf.create_token : !ktdf.token
        %t2 = ktdf.create_token : !ktdf.token
        ktdf.private_yield %a0, %o, %t0, %t1, %t2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#2) {
        ktdf.data_transfer from %in[0, 0] size [1, 64] to %p size [1, 64] : memref<4x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
      } {applicable_units = ["L1LU"]}
      ktdf.stage depends_in(%p#2) depends_out(%p#3) {
        %v0 = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
        %e = tensor.empty() : tensor<1x64xf16>
        %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v0 : tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
        ^bb0(%in0: f16, %acc: f16):
          %y = arith.mulf %in0, %in0 : f16
          linalg.yield %y : f16
        } -> tensor<1x64xf16>
        ktdf.write_to_fifo %r, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
      } {applicable_units = ["SFU"]}
      ktdf.stage depends_in(%p#3) depends_out(%p#4) {
        ktdf.data_transfer from %p#1 size [1, 64] to %s[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
      } {applicable_units = ["L1SU"]}
    }
    ktdf.pipeline {
      %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
        %a0 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        %o = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
        %t0 = ktdf.create_token : !ktdf.token
        %t1 = ktdf.create_token : !ktdf.token
        %t2 = ktdf.create_token : !ktdf.token
        ktdf.private_yield %a0, %o, %t0, %t1, %t2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#2) {
        ktdf.data_transfer from %in[1, 0] size [1, 64] to %p size [1, 64] : memref<4x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
      } {applicable_units = ["L1LU"]}
      ktdf.stage depends_in(%p#2) depends_out(%p#3) {
        %v0 = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
        %e = tensor.empty() : tensor<1x64xf16>
        %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v0 : tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
        ^bb0(%in0: f16, %acc: f16):
          %y = arith.addf %in0, %in0 : f16
          linalg.yield %y : f16
        } -> tensor<1x64xf16>
        ktdf.write_to_fifo %r, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
      } {applicable_units = ["SFU"]}
      ktdf.stage depends_in(%p#3) depends_out(%p#4) {
        ktdf.data_transfer from %p#1 size [1, 64] to %t[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
      } {applicable_units = ["L1SU"]}
    }
    // E: scale and shift once before it; the accumulator's load stays
    scf.for %i = %c0 to %c4 step %c1 {
      ktdf.pipeline {
        %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %a0 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %a1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %a2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %a3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %o = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %t0 = ktdf.create_token : !ktdf.token
          %t1 = ktdf.create_token : !ktdf.token
          %t2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %a0, %a1, %a2, %a3, %o, %t0, %t1, %t2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#5) {
          ktdf.data_transfer from %in[%i, 0] size [1, 64] to %p size [1, 64] : memref<4x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %s[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %t[0, 0] size [1, 64] to %p#2 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %out[0, 0] size [1, 64] to %p#3 size [1, 64] : memref<4x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#5) depends_out(%p#6) {
          %v0 = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %v1 = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %v2 = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %v3 = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %e = tensor.empty() : tensor<1x64xf16>
          %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v0, %v1, %v2, %v3 : tensor<1x64xf16>, tensor<1x64xf16>, tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
          ^bb0(%in0: f16, %in1: f16, %in2: f16, %in3: f16, %acc: f16):
            %y0 = arith.mulf %in0, %in1 : f16
            %y1 = arith.addf %y0, %in2 : f16
            %y = arith.addf %y1, %in3 : f16
            linalg.yield %y : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %r, %p#4 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#7) {
          ktdf.data_transfer from %p#4 size [1, 64] to %out[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<4x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
    }
    return
  }
}
