// RUN: ktc-path-expand
// PARSE: --device=sample --stage=sched.split
// Three row sums stored one per loop step at Y[%i0] (2 bytes at a launch-
// time element): the offset in the 64-byte word is %i0 mod 32; the MNISU
// hop and the read-modify-write load move the word from %i0 - %i0 mod 32,
// and L1SU's transfer gets %i0 as an extra subscript to write at %i0 mod
// 32 in the staging buffer (widened to 31 + 1 elements rounded up to a
// word: 32).
module {
  module {
    func.func @rows3(%x: index, %y: index) {
      call @local_schedule_0(%x, %y) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index) {
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %x, sizes: [3, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<3x2048xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [3], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 2 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<3xf16>
      %X_DDR = memref.memory_space_cast %X : memref<3x2048xf16> to memref<3x2048xf16, "DDR">
      %tx = memref.reinterpret_cast %X_DDR to offset: [0], sizes: [3, 2048], strides: [2048, 1] : memref<3x2048xf16, "DDR"> to memref<3x2048xf16, strided<[2048, 1]>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<3xf16> to memref<3xf16, "DDR">
      %t0 = memref.reinterpret_cast %Y_DDR to offset: [0], sizes: [3], strides: [1] : memref<3xf16, "DDR"> to memref<3xf16, strided<[1]>, "DDR">
      %c3 = arith.constant 3 : index
      %c1 = arith.constant 1 : index
      scf.for %i0 = %c0 to %c3 step %c1 {
        ktdf.pipeline {
          %p:5 = ktdf.private -> (!ktdf.fifo.slot<"DDR" -> "SFU", 2048xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 2048xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "DDR", 1xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"DDR" -> "SFU", 2048xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#2) {
            ktdf.data_transfer from %tx[%i0, 0] size [1, 2048] to %p size [1, 2048] : memref<3x2048xf16, strided<[2048, 1]>, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 2048xf16>
          }
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %a = ktdf.read_from_fifo %p : <"DDR" -> "SFU", 2048xf16> -> tensor<1x2048xf16>
            %zero = arith.constant 0.0 : f16
            %init = tensor.splat %zero : tensor<1xf16>
            %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<1x2048xf16>) outs(%init : tensor<1xf16>) {
            ^bb0(%in: f16, %out: f16):
              %0 = arith.addf %out, %in : f16
              linalg.yield %0 : f16
            } -> tensor<1xf16>
            ktdf.write_to_fifo %sum, %p#1 : tensor<1xf16>, <"SFU" -> "DDR", 1xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            ktdf.data_transfer from %p#1 size [1] to %t0[%i0] size [1] : !ktdf.fifo.slot<"SFU" -> "DDR", 1xf16>, memref<3xf16, strided<[1]>, "DDR">
          }
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
