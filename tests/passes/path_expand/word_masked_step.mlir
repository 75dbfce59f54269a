// RUN: ktc-path-expand
// PARSE: --device=spyre --stage=sched.split
// word_step.mlir on spyre (MNISU with masked_writes): the store at column
// %i1 (offset %i1 mod 64 in the stick, at most 62) keeps its 2 elements
// and writes them under a mask; L1SU writes them at %i1 mod 64 of the
// one-stick staging buffer (with %i1 as an extra subscript), the MNISU hop
// reads them there (the same extra subscript): no read-modify-write.
module {
  module {
    func.func @max_splat(%x: index) {
      call @local_schedule_0(%x) : (index) -> ()
      return
    }
    func.func private @local_schedule_0(index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index) {
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %x, sizes: [1, 6], strides: [6, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 5 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x6xf16>
      %X_DDR = memref.memory_space_cast %X : memref<1x6xf16> to memref<1x6xf16, "DDR">
      %tx = memref.reinterpret_cast %X_DDR to offset: [0], sizes: [1, 6], strides: [6, 1] : memref<1x6xf16, "DDR"> to memref<1x6xf16, strided<[6, 1]>, "DDR">
      %r_buf = memref.alloc() : memref<1xf16, "L1">
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"DDR" -> "SFU", 6xf16>, !ktdf.fifo.slot<"SFU" -> "L1", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 6xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"DDR" -> "SFU", 6xf16>, !ktdf.fifo.slot<"SFU" -> "L1", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %tx[0, 0] size [1, 6] to %p size [1, 6] : memref<1x6xf16, strided<[6, 1]>, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 6xf16>
        }
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %a = ktdf.read_from_fifo %p : <"DDR" -> "SFU", 6xf16> -> tensor<1x6xf16>
          %ninf = arith.constant 0xFC00 : f16
          %init = tensor.splat %ninf : tensor<1xf16>
          %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<1x6xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %gt = arith.cmpf ogt, %in, %out : f16
            %mx = arith.select %gt, %in, %out : f16
            linalg.yield %mx : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %r, %p#1 : tensor<1xf16>, <"SFU" -> "L1", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %r_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1", 1xf16>, memref<1xf16, "L1">
        }
      }
      %c6 = arith.constant 6 : index
      %c2 = arith.constant 2 : index
      scf.for %i1 = %c0 to %c6 step %c2 {
        ktdf.pipeline {
          %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 2xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1" -> "SFU", 1xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "DDR", 2xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 2xf16>, !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#2) {
            ktdf.data_transfer from %r_buf[0] size [1] to %p size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1" -> "SFU", 1xf16>
          }
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %r = ktdf.read_from_fifo %p : <"L1" -> "SFU", 1xf16> -> tensor<1xf16>
            %empty = tensor.empty() : tensor<1x2xf16>
            %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<1xf16>) outs(%empty : tensor<1x2xf16>) {
            ^bb0(%in: f16, %out: f16):
              linalg.yield %in : f16
            } -> tensor<1x2xf16>
            ktdf.write_to_fifo %copy, %p#1 : tensor<1x2xf16>, <"SFU" -> "DDR", 2xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            ktdf.data_transfer from %p#1 size [1, 2] to %tx[0, %i1] size [1, 2] : !ktdf.fifo.slot<"SFU" -> "DDR", 2xf16>, memref<1x6xf16, strided<[6, 1]>, "DDR">
          }
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
