// RUN: ktc-path-expand
// PARSE: --device=devices/sticks.mlir --stage=sched.split
// (devices/sticks.mlir: spyre's sticks, no masked writes; spyre: word_masked*.mlir)
// A load and a store of 4 f16 (8 bytes) at element 8 of a row, inside one
// 128-byte stick: the MNILU hop moves the whole stick (from element 8 - 8 =
// 0) into its staging buffer, widened to 64 elements, and L1LU reads from
// element 8 of it; the store is a read-modify-write: a new MNILU stage
// loads the stick into the store's staging buffer before L1SU writes the
// 4 elements at element 8, then MNISU writes the whole stick back.
module {
  module {
    func.func @rmw_store(%x: index) {
      call @local_schedule_0(%x) : (index) -> ()
      return
    }
    func.func private @local_schedule_0(index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index) {
      %X = ktdp.construct_memory_view %x, sizes: [1, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
      %X_DDR = memref.memory_space_cast %X : memref<1x64xf16> to memref<1x64xf16, "DDR">
      %t = memref.reinterpret_cast %X_DDR to offset: [8], sizes: [1, 4], strides: [64, 1] : memref<1x64xf16, "DDR"> to memref<1x4xf16, strided<[64, 1], offset: 8>, "DDR">
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"DDR" -> "SFU", 4xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 4xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 4xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "DDR", 4xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"DDR" -> "SFU", 4xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 4xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %t[0, 0] size [1, 4] to %p size [1, 4] : memref<1x4xf16, strided<[64, 1], offset: 8>, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 4xf16>
        }
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %a = ktdf.read_from_fifo %p : <"DDR" -> "SFU", 4xf16> -> tensor<1x4xf16>
          %empty = tensor.empty() : tensor<1x4xf16>
          %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<1x4xf16>) outs(%empty : tensor<1x4xf16>) {
          ^bb0(%in: f16, %out: f16):
            %0 = arith.addf %in, %in : f16
            linalg.yield %0 : f16
          } -> tensor<1x4xf16>
          ktdf.write_to_fifo %d, %p#1 : tensor<1x4xf16>, <"SFU" -> "DDR", 4xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1, 4] to %t[0, 0] size [1, 4] : !ktdf.fifo.slot<"SFU" -> "DDR", 4xf16>, memref<1x4xf16, strided<[64, 1], offset: 8>, "DDR">
        }
      }
      return
    }
  }
}
