// RUN: ktc-lower
// PARSE: --device=sample --stage=sched.allocated
// A store in blocks (ktc-nest's store-blocks): two L1SU stages each write
// two rows of %buf in a loop of their own (rows %j and %j + 2, %j from 0
// to 2), and the MNISU stage stores the rows in two DMAs, rows 0-1 then
// rows 2-3. A loop inside a stage counts with its IV over its bounds
// (rows 0-1 for the first stage, 2-3 for the second), so the first DMA
// waits for the first stage only (channel 0 before it) and the second for
// the second (channel 1): the first block goes out while the second is
// computed. Without the loops' bounds the first DMA would wait for both.
module {
  module {
    func.func @blocks(%y: index) attributes {grid = [1]} {
      call @local_schedule_0(%y) : (index) -> ()
      return
    }
    func.func private @local_schedule_0(index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%y: index) attributes {grid = [1]} {
      %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
      %Y_DDR = memref.memory_space_cast %Y : memref<4x64xf16> to memref<4x64xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [0], sizes: [4, 64], strides: [64, 1] : memref<4x64xf16, "DDR"> to memref<4x64xf16, strided<[64, 1]>, "DDR">
      %addr = arith.constant 0 : index
      %buf = builtin.unrealized_conversion_cast %addr : index to memref<4x64xf16, "L1">
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      ktdf.pipeline {
        %p:7 = ktdf.private -> (!ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %tok_3 = ktdf.create_token : !ktdf.token
          %tok_4 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %tok_3, %tok_4 : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          scf.for %j = %c0 to %c2 step %c1 {
            %empty = tensor.empty() : tensor<1x64xf16>
            %v = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%empty : tensor<1x64xf16>) {
            ^bb0(%out: f16):
              %0 = arith.constant 1.0 : f16
              linalg.yield %0 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %v, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          }
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          scf.for %j = %c0 to %c2 step %c1 {
            ktdf.data_transfer from %p size [1, 64] to %buf[%j, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<4x64xf16, "L1">
          }
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          scf.for %j = %c0 to %c2 step %c1 {
            %empty = tensor.empty() : tensor<1x64xf16>
            %v = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%empty : tensor<1x64xf16>) {
            ^bb0(%out: f16):
              %0 = arith.constant 2.0 : f16
              linalg.yield %0 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %v, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          }
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#5) {
          scf.for %j = %c0 to %c2 step %c1 {
            %k = arith.addi %j, %c2 : index
            ktdf.data_transfer from %p#1 size [1, 64] to %buf[%k, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<4x64xf16, "L1">
          }
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#5) depends_out(%p#6) {
          ktdf.data_transfer from %buf[0, 0] size [2, 64] to %ty[0, 0] size [2, 64] : memref<4x64xf16, "L1">, memref<4x64xf16, strided<[64, 1]>, "DDR">
          ktdf.data_transfer from %buf[2, 0] size [2, 64] to %ty[2, 0] size [2, 64] : memref<4x64xf16, "L1">, memref<4x64xf16, strided<[64, 1]>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
