// RUN: ktc-nest | ktc-allocate | ktc-lower
// PARSE: --stage=sched.routed
// ktc-lower: a dependence carried by a loop outside the one its other
// signals are about. tests/kernels/inplace_rows_words.mlir as
// ktc-path-expand leaves it: x[r, 3..67) = x[r + 1, 0..64) + x[r - 2,
// 0..64) in place, rows 2, 4, 6. ktc-nest's tile loop %t runs a point loop
// %i of one trip. Row r's store starts inside a DMA word: the MNILU reads
// its words' old lanes (the third load), which wait for the MNISU's store
// of the row before only at their own turn (channel 5: received before
// that load, a credit sent at the MNISU's start without waiting for its
// DMAs, drained at the MNILU's end). The load of x[r - 2] reads what the
// row before stored, a dependence of %t's iterations: it has a signal of
// its own, sent after %i's loop and received at the end of %t's body
// (channel 6); without it 122 elements differ from ktc-interp (sample).
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  module {
    func.func @inplace_rows_words(%x: index) attributes {grid = [1]} {
      %lo = arith.constant 2 : index
      %hi = arith.constant 8 : index
      %st = arith.constant 2 : index
      scf.for %r = %lo to %hi step %st {
        call @local_schedule_0(%x, %r) : (index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %r: index) attributes {grid = [1]} {
      %c3 = arith.constant 3 : index
      %X = ktdp.construct_memory_view %x, sizes: [12, 192], strides: [192, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 191 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<12x192xf16>
      %X_DDR = memref.memory_space_cast %X : memref<12x192xf16> to memref<12x192xf16, "DDR">
      %c192 = arith.constant 192 : index
      %0 = arith.muli %r, %c192 : index
      %1 = arith.addi %0, %c192 : index
      %ta = memref.reinterpret_cast %X_DDR to offset: [%1], sizes: [1, 64], strides: [192, 1] : memref<12x192xf16, "DDR"> to memref<1x64xf16, strided<[192, 1], offset: ?>, "DDR">
      %c_384 = arith.constant -384 : index
      %2 = arith.addi %0, %c_384 : index
      %tb = memref.reinterpret_cast %X_DDR to offset: [%2], sizes: [1, 64], strides: [192, 1] : memref<12x192xf16, "DDR"> to memref<1x64xf16, strided<[192, 1], offset: ?>, "DDR">
      %3 = arith.addi %c3, %0 : index
      %td = memref.reinterpret_cast %X_DDR to offset: [%3], sizes: [1, 64], strides: [192, 1] : memref<12x192xf16, "DDR"> to memref<1x64xf16, strided<[192, 1], offset: ?>, "DDR">
      ktdf.pipeline {
        %p:12 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x96xf16, "L1">, !ktdf.token, !ktdf.token) {
          %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %buf = memref.alloc() : memref<1x64xf16, "L1">
          %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          %buf_2 = memref.alloc() : memref<1x96xf16, "L1">
          %tok_4 = ktdf.create_token : !ktdf.token
          %tok_5 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf, %buf_1, %tok_3, %buf_2, %tok_4, %tok_5 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x96xf16, "L1">, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#8) {
          ktdf.data_transfer from %ta[0, 0] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x64xf16, strided<[192, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          ktdf.data_transfer from %tb[0, 0] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x64xf16, strided<[192, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#3) {
          ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %b = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %empty = tensor.empty() : tensor<1x64xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %in_1: f16, %out: f16):
            %4 = arith.addf %in, %in_1 : f16
            linalg.yield %4 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %s, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#11) {
          ktdf.data_transfer from %td[0, -(%3 mod 32)] size [1, 96] to %p#9[0, 0] size [1, 96] : memref<1x64xf16, strided<[192, 1], offset: ?>, "DDR">, memref<1x96xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#11) depends_out(%p#10) {
          ktdf.data_transfer from %p#2 size [1, 64] to %p#9[0, %3 mod 32] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x96xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#10) depends_out(%p#5) {
          ktdf.data_transfer from %p#9[0, 0] size [1, 96] to %td[0, -(%3 mod 32)] size [1, 96] : memref<1x96xf16, "L1">, memref<1x64xf16, strided<[192, 1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
