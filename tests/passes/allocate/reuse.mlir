// RUN: ktc-allocate
// PARSE: --stage=sched.routed
// Two pipelines one after the other in one program, each with a 512 KiB
// store buffer: their buffers do not fit side by side in the 1 MiB L1, and
// the second one's live after the first one's have died, so they reuse the
// same bytes (0, 128, 256 again).
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  module @local_schedule_0 {
    func.func @local_schedule_0(%a: index, %b: index, %c: index, %row: index) attributes {grid = [2]} {
      %c64 = arith.constant 64 : index
      %off = arith.muli %row, %c64 : index
      %A = ktdp.construct_memory_view %a, sizes: [128, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<128x64xf16>
      %A_m = memref.memory_space_cast %A : memref<128x64xf16> to memref<128x64xf16, "DDR">
      %tA = memref.reinterpret_cast %A_m to offset: [%off], sizes: [1, 64], strides: [64, 1] : memref<128x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
      %B = ktdp.construct_memory_view %b, sizes: [128, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<128x64xf16>
      %B_m = memref.memory_space_cast %B : memref<128x64xf16> to memref<128x64xf16, "DDR">
      %tB = memref.reinterpret_cast %B_m to offset: [%off], sizes: [1, 64], strides: [64, 1] : memref<128x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
      %C = ktdp.construct_memory_view %c, sizes: [128, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<128x64xf16>
      %C_m = memref.memory_space_cast %C : memref<128x64xf16> to memref<128x64xf16, "DDR">
      %tC = memref.reinterpret_cast %C_m to offset: [%off], sizes: [1, 64], strides: [64, 1] : memref<128x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
      ktdf.pipeline {
        %p:11 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<4096x64xf16, "L1">, !ktdf.token) {
          %fa, %fb = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %fc = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %t0 = ktdf.create_token : !ktdf.token
          %t1 = ktdf.create_token : !ktdf.token
          %t2 = ktdf.create_token : !ktdf.token
          %buf = memref.alloc() : memref<1x64xf16, "L1">
          %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
          %tok = ktdf.create_token : !ktdf.token
          %buf_2 = memref.alloc() : memref<4096x64xf16, "L1">
          %tok_1 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fa, %fb, %fc, %t0, %t1, %t2, %buf, %buf_1, %tok, %buf_2, %tok_1 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<4096x64xf16, "L1">, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#8) {
          ktdf.data_transfer from %tA[0, 0] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          ktdf.data_transfer from %tB[0, 0] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#3) {
          ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %y = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %e = tensor.empty() : tensor<1x64xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
          ^bb0(%u: f16, %v: f16, %w: f16):
            %z = arith.addf %u, %v : f16
            linalg.yield %z : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %s, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#10) {
          ktdf.data_transfer from %p#2 size [1, 64] to %p#9[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<4096x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#10) depends_out(%p#5) {
          ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %tC[0, 0] size [1, 64] : memref<4096x64xf16, "L1">, memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      ktdf.pipeline {
        %p:11 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<4096x64xf16, "L1">, !ktdf.token) {
          %fa, %fb = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %fc = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %t0 = ktdf.create_token : !ktdf.token
          %t1 = ktdf.create_token : !ktdf.token
          %t2 = ktdf.create_token : !ktdf.token
          %buf = memref.alloc() : memref<1x64xf16, "L1">
          %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
          %tok = ktdf.create_token : !ktdf.token
          %buf_2 = memref.alloc() : memref<4096x64xf16, "L1">
          %tok_1 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fa, %fb, %fc, %t0, %t1, %t2, %buf, %buf_1, %tok, %buf_2, %tok_1 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<4096x64xf16, "L1">, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#8) {
          ktdf.data_transfer from %tA[0, 0] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          ktdf.data_transfer from %tB[0, 0] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#3) {
          ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %y = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %e = tensor.empty() : tensor<1x64xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
          ^bb0(%u: f16, %v: f16, %w: f16):
            %z = arith.addf %u, %v : f16
            linalg.yield %z : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %s, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#10) {
          ktdf.data_transfer from %p#2 size [1, 64] to %p#9[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<4096x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#10) depends_out(%p#5) {
          ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %tC[0, 0] size [1, 64] : memref<4096x64xf16, "L1">, memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
