// RUN: ktc-allocate | ktc-lower
// PARSE: --stage=sched.nested
// A pipeline of one stage loop each over a row's 16 chunks whose L1LU and
// SFU loops hold a loop of their own (register-carry's interchanged form of
// a Triton blocked sum: each chunk's accumulator loaded once, then the
// chunk of each of 8 column blocks, folded in registers): the L1LU loads
// chunk i of %acc, then chunk i of every block of %x; the SFU folds them;
// the L1SU stores chunk i of %acc. The FIFOs order the store of chunk i
// after the load of chunk i, but ktc-lower follows a chain through the
// stages' loops only when their bodies hold no loop: a signal after the
// L1LU's whole loop would hold up every store until the last chunk's loads
// are sent, 16 * 9 of them, more than the FIFOs hold (sample's FIFOs of 16
// entries: the blocked softmax of 2 rows of 8192 in blocks of 1024
// deadlocked there). One iteration's store fits them: the L1LU signals
// right after its load of chunk i of %acc, every iteration, and the L1SU
// waits before its store of chunk i (channel 0).
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @block_sums() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %acc = memref.alloc() : memref<1x1024xf16, "L1">
    %x = memref.alloc() : memref<8x1024xf16, "L1">
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
        scf.for %i = %c0 to %c16 step %c1 {
          %o = arith.muli %i, %c64 : index
          ktdf.data_transfer from %acc[0, %o] size [1, 64] to %p#0 size [1, 64] : memref<1x1024xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          scf.for %b = %c0 to %c8 step %c1 {
            ktdf.data_transfer from %x[%b, %o] size [1, 64] to %p#1 size [1, 64] : memref<8x1024xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          }
        }
      } {applicable_units = ["L1LU"]}
      ktdf.stage depends_in(%p#3) depends_out(%p#4) {
        scf.for %i = %c0 to %c16 step %c1 {
          %a = ktdf.read_from_fifo %p#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %s = scf.for %b = %c0 to %c8 step %c1 iter_args(%r = %a) -> (tensor<1x64xf16>) {
            %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %e = tensor.empty() : tensor<1x64xf16>
            %n = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%r, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %w = arith.addf %in, %in_1 : f16
              linalg.yield %w : f16
            } -> tensor<1x64xf16>
            scf.yield %n : tensor<1x64xf16>
          }
          ktdf.write_to_fifo %s, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        }
      } {applicable_units = ["SFU"]}
      ktdf.stage depends_in(%p#4) depends_out(%p#5) {
        scf.for %i = %c0 to %c16 step %c1 {
          %o = arith.muli %i, %c64 : index
          ktdf.data_transfer from %p#2 size [1, 64] to %acc[0, %o] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x1024xf16, "L1">
        }
      } {applicable_units = ["L1SU"]}
    }
    return
  }
}
