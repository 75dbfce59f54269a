// RUN: ktc-allocate | ktc-lower
// PARSE: --stage=sched.nested
// A carried accumulator (ktc-split's iter_args lowering, as ktc-nest tiles
// it): acc (1x128) += x, tile by tile (two tiles of 64 lanes, loop %i), for
// four column blocks (loop %c). The L1LU reads acc's tile i, the SFU adds,
// the L1SU writes tile i back. ktc-lower compares the byte ranges per
// iteration (lower.h "Signals"): tile i meets only tile i, so within a
// block the tiles are independent; the L1SU's write of tile i in block c
// comes before the L1LU's read of it in block c + 1: one signal back per
// block, after the L1SU's tile loop, awaited by the L1LU at the block's
// end. The store of tile i after the load of tile i (same iteration) needs
// no signal: the store's data comes from the load through the FIFOs.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @carried(%a: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %acc = memref.alloc() : memref<1x128xf16, "L1">
    %x = memref.alloc() : memref<1x128xf16, "L1">
    scf.for %c = %c0 to %c4 step %c1 {
      scf.for %i = %c0 to %c2 step %c1 {
        %o = arith.muli %i, %c64 : index
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
            ktdf.data_transfer from %acc[0, %o] size [1, 64] to %p#0 size [1, 64] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %x[0, %o] size [1, 64] to %p#1 size [1, 64] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %u = ktdf.read_from_fifo %p#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %e = tensor.empty() : tensor<1x64xf16>
            %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%u, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %y = arith.addf %in, %in_1 : f16
              linalg.yield %y : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %s, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            ktdf.data_transfer from %p#2 size [1, 64] to %acc[0, %o] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x128xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      }
    }
    return
  }
}
