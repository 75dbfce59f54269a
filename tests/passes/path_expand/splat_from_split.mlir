// RUN: ktc-path-expand
// PARSE: --device=sample --stage=sched.split
// The broadcast as ktc-split writes it for a scalar it can splat already:
// transfer_mode = "splat" on the transfer into a 64-element FIFO. The L1LU
// keeps the splat; the MNILU before it cannot fetch one element, so it
// fetches one 64-byte word (32 f16) into a widened staging buffer.
module {
  module @local_schedule_0 {
    func.func @local_schedule_0(%a: index, %b: index, %c: index, %row: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %A = ktdp.construct_memory_view %a, sizes: [96, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 95 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<96x64xf16>
      %A_m = memref.memory_space_cast %A : memref<96x64xf16> to memref<96x64xf16, "DDR">
      %B = ktdp.construct_memory_view %b, sizes: [96, 1], strides: [1, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 95 >= 0, d1 >= 0, -d1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<96x1xf16>
      %B_m = memref.memory_space_cast %B : memref<96x1xf16> to memref<96x1xf16, "DDR">
      %C = ktdp.construct_memory_view %c, sizes: [96, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 95 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<96x64xf16>
      %C_m = memref.memory_space_cast %C : memref<96x64xf16> to memref<96x64xf16, "DDR">
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
          ktdf.data_transfer from %A_m[%row, %c0] size [1, 64] to %p#0 size [1, 64] : memref<96x64xf16, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>
          ktdf.data_transfer from %B_m[%row, %c0] size [1, 1] to %p#1 size [64] {transfer_mode = "splat"} : memref<96x1xf16, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>
        }
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %x = ktdf.read_from_fifo %p#0 : <"DDR" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %y = ktdf.read_from_fifo %p#1 : <"DDR" -> "SFU", 64xf16> -> tensor<64xf16>
          %e = tensor.empty() : tensor<1x64xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<1x64xf16>, tensor<64xf16>) outs(%e : tensor<1x64xf16>) {
          ^bb0(%u: f16, %v: f16, %w: f16):
            %z = arith.subf %u, %v : f16
            linalg.yield %z : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %s, %p#2 : tensor<1x64xf16>, <"SFU" -> "DDR", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#5) {
          ktdf.data_transfer from %p#2 size [1, 64] to %C_m[%row, %c0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "DDR", 64xf16>, memref<96x64xf16, "DDR">
        }
      }
      return
    }
  }
}
