// RUN: ktc-allocate | ktc-lower
// PARSE: --stage=sched.nested
// Signals between stages that each hold a loop over a row's chunks
// (ktc-nest's stream-loops makes such a pipeline of a per-chunk pass): the
// L1LU loads chunk i of %acc and of %x, the SFU adds them, the L1SU stores
// the sum to chunk i of %acc, 4 chunks. The store of chunk i follows the
// load of chunk i through the FIFOs, iteration by iteration, and the loads
// of the chunks before it in the L1LU's order: no signal from the L1LU to
// the L1SU in the first pipeline. (One after the L1LU's whole loop would
// hold up the stores until every load is sent: with 16 chunks, 32 loads,
// more than the FIFOs hold, a deadlock; tests/kernels/layernorm_8x2048.)
// The second pipeline stores chunk 3 - i: chunk 3 by the first store,
// which the last load reads, so its L1SU waits for the L1LU's loop
// (channel 4). The third is the first with a scale splatted before the
// loops (loaded by the L1LU, read by the SFU once): the chunks still meet
// iteration by iteration, no signal.
// Between the pipelines: the second's L1LU loads chunk i of %acc after the
// first's L1SU stored it, and the third's L1SU stores chunk i after the
// second's L1LU loaded it: a signal every iteration, inside the loops
// (channels 2 and 1). The third's loads of chunk i follow the second's
// store of chunk 3 - i: a signal after the whole loop (channel 3), which
// also covers the first's stores (no signal every iteration for them).
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @chunk_sums() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %acc = memref.alloc() : memref<1x256xf16, "L1">
    %x = memref.alloc() : memref<1x256xf16, "L1">
    %scale = memref.alloc() : memref<1xf16, "L1">
    ktdf.pipeline {
      %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
        %f:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        %g = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
        %t0 = ktdf.create_token : !ktdf.token
        %t1 = ktdf.create_token : !ktdf.token
        %t2 = ktdf.create_token : !ktdf.token
        ktdf.private_yield %f#0, %f#1, %g, %t0, %t1, %t2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#3) {
        scf.for %i = %c0 to %c4 step %c1 {
          %o = arith.muli %i, %c64 : index
          ktdf.data_transfer from %acc[0, %o] size [1, 64] to %p#0 size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %x[0, %o] size [1, 64] to %p#1 size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        }
      } {applicable_units = ["L1LU"]}
      ktdf.stage depends_in(%p#3) depends_out(%p#4) {
        scf.for %i = %c0 to %c4 step %c1 {
          %a = ktdf.read_from_fifo %p#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %e = tensor.empty() : tensor<1x64xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
          ^bb0(%in: f16, %in_1: f16, %out: f16):
            %w = arith.addf %in, %in_1 : f16
            linalg.yield %w : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %s, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        }
      } {applicable_units = ["SFU"]}
      ktdf.stage depends_in(%p#4) depends_out(%p#5) {
        scf.for %i = %c0 to %c4 step %c1 {
          %o = arith.muli %i, %c64 : index
          ktdf.data_transfer from %p#2 size [1, 64] to %acc[0, %o] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
        }
      } {applicable_units = ["L1SU"]}
    }
    ktdf.pipeline {
      %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
        %f:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        %g = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
        %t0 = ktdf.create_token : !ktdf.token
        %t1 = ktdf.create_token : !ktdf.token
        %t2 = ktdf.create_token : !ktdf.token
        ktdf.private_yield %f#0, %f#1, %g, %t0, %t1, %t2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#3) {
        scf.for %i = %c0 to %c4 step %c1 {
          %o = arith.muli %i, %c64 : index
          ktdf.data_transfer from %acc[0, %o] size [1, 64] to %p#0 size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %x[0, %o] size [1, 64] to %p#1 size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        }
      } {applicable_units = ["L1LU"]}
      ktdf.stage depends_in(%p#3) depends_out(%p#4) {
        scf.for %i = %c0 to %c4 step %c1 {
          %a = ktdf.read_from_fifo %p#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %e = tensor.empty() : tensor<1x64xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
          ^bb0(%in: f16, %in_1: f16, %out: f16):
            %w = arith.addf %in, %in_1 : f16
            linalg.yield %w : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %s, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        }
      } {applicable_units = ["SFU"]}
      ktdf.stage depends_in(%p#4) depends_out(%p#5) {
        scf.for %i = %c0 to %c4 step %c1 {
          %j = arith.subi %c3, %i : index
          %o = arith.muli %j, %c64 : index
          ktdf.data_transfer from %p#2 size [1, 64] to %acc[0, %o] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
        }
      } {applicable_units = ["L1SU"]}
    }
    ktdf.pipeline {
      %p:7 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
        %f:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        %h = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        %g = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
        %t0 = ktdf.create_token : !ktdf.token
        %t1 = ktdf.create_token : !ktdf.token
        %t2 = ktdf.create_token : !ktdf.token
        ktdf.private_yield %f#0, %f#1, %h, %g, %t0, %t1, %t2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#4) {
        ktdf.data_transfer from %scale[0] size [1] to %p#2 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        scf.for %i = %c0 to %c4 step %c1 {
          %o = arith.muli %i, %c64 : index
          ktdf.data_transfer from %acc[0, %o] size [1, 64] to %p#0 size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %x[0, %o] size [1, 64] to %p#1 size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        }
      } {applicable_units = ["L1LU"]}
      ktdf.stage depends_in(%p#4) depends_out(%p#5) {
        %k = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
        scf.for %i = %c0 to %c4 step %c1 {
          %a = ktdf.read_from_fifo %p#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %e = tensor.empty() : tensor<1x64xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %v, %k : tensor<1x64xf16>, tensor<1x64xf16>, tensor<64xf16>) outs(%e : tensor<1x64xf16>) {
          ^bb0(%in: f16, %in_1: f16, %in_2: f16, %out: f16):
            %sc = arith.mulf %in_1, %in_2 : f16
            %w = arith.addf %in, %sc : f16
            linalg.yield %w : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %s, %p#3 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        }
      } {applicable_units = ["SFU"]}
      ktdf.stage depends_in(%p#5) depends_out(%p#6) {
        scf.for %i = %c0 to %c4 step %c1 {
          %o = arith.muli %i, %c64 : index
          ktdf.data_transfer from %p#3 size [1, 64] to %acc[0, %o] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
        }
      } {applicable_units = ["L1SU"]}
    }
    return
  }
}
