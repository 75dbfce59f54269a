// RUN: ktc-path-expand | ktc-allocate
// PARSE: --device=spyre --stage=sched.split
// Routed and allocated on spyre: 128-byte sticks, the same three buffers.
module {
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
        %p:6 = ktdf.private -> (!ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>, !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fa, %fb = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>, !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>
          %fc = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "DDR", 64xf16>
          %t0 = ktdf.create_token : !ktdf.token
          %t1 = ktdf.create_token : !ktdf.token
          %t2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fa, %fb, %fc, %t0, %t1, %t2 : !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>, !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#3) {
          ktdf.data_transfer from %tA[0, 0] size [1, 64] to %p#0 size [1, 64] : memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>
          ktdf.data_transfer from %tB[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>
        }
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %x = ktdf.read_from_fifo %p#0 : <"DDR" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %y = ktdf.read_from_fifo %p#1 : <"DDR" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %e = tensor.empty() : tensor<1x64xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
          ^bb0(%u: f16, %v: f16, %w: f16):
            %z = arith.addf %u, %v : f16
            linalg.yield %z : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %s, %p#2 : tensor<1x64xf16>, <"SFU" -> "DDR", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#5) {
          ktdf.data_transfer from %p#2 size [1, 64] to %tC[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "DDR", 64xf16>, memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
        }
      }
      return
    }
  }
}
