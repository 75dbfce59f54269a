// RUN: ktc-path-expand
// PARSE: --device=sample --stage=sched.split
// Y = X^T of a 16x64 f16 block: as word_span.mlir, step %i0 reads column
// %i0 of X, 2 bytes of each of 16 rows; but Y's rows are 16 f16, 32 bytes,
// part of a 64-byte word, so the pipeline also stores part of a word (at
// `%i0 * 16 mod 32` in its staging buffer, which ktc-nest does not tile):
// nothing would hoist a span out of the loop, and every step would move all
// of it, so the load moves the column's words only (%i0 - %i0 mod 32).
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  module {
    func.func @transpose(%x: index, %y: index) attributes {grid = [1]} {
      call @local_schedule_0(%x, %y) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %x, sizes: [16, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [64, 16], strides: [16, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 15 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64x16xf16>
      %X_DDR = memref.memory_space_cast %X : memref<16x64xf16> to memref<16x64xf16, "DDR">
      %tx = memref.reinterpret_cast %X_DDR to offset: [0], sizes: [16, 64], strides: [64, 1] : memref<16x64xf16, "DDR"> to memref<16x64xf16, strided<[64, 1]>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<64x16xf16> to memref<64x16xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [0], sizes: [64, 16], strides: [16, 1] : memref<64x16xf16, "DDR"> to memref<64x16xf16, strided<[16, 1]>, "DDR">
      %c64 = arith.constant 64 : index
      %c1 = arith.constant 1 : index
      scf.for %i0 = %c0 to %c64 step %c1 {
        ktdf.pipeline {
          %p:5 = ktdf.private -> (!ktdf.fifo.slot<"DDR" -> "SFU", 16xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 16xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 16xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "DDR", 16xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"DDR" -> "SFU", 16xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 16xf16>, !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#2) {
            ktdf.data_transfer from %tx[0, %i0] size [16, 1] to %p size [16, 1] : memref<16x64xf16, strided<[64, 1]>, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 16xf16>
          }
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %v = ktdf.read_from_fifo %p : <"DDR" -> "SFU", 16xf16> -> tensor<16x1xf16>
            %empty = tensor.empty() : tensor<1x16xf16>
            %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<16x1xf16>) outs(%empty : tensor<1x16xf16>) {
            ^bb0(%in: f16, %out: f16):
              linalg.yield %in : f16
            } -> tensor<1x16xf16>
            ktdf.write_to_fifo %t, %p#1 : tensor<1x16xf16>, <"SFU" -> "DDR", 16xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            ktdf.data_transfer from %p#1 size [1, 16] to %ty[%i0, 0] size [1, 16] : !ktdf.fifo.slot<"SFU" -> "DDR", 16xf16>, memref<64x16xf16, strided<[16, 1]>, "DDR">
          }
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
