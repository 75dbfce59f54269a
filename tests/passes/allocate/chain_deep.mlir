// RUN: ktc-path-expand | ktc-allocate
// PARSE: --device=../path_expand/devices/deep.mlir --stage=sched.split
// On the two-level test device: L2 buffers aligned to the DMA units' 256-byte
// words, SPM buffers to the VPU's 64-byte words; each memory from 0.
module {
  module @local_schedule_0 {
    func.func @local_schedule_0(%a: index, %b: index, %c: index, %row: index) attributes {grid = [1]} {
      %c32 = arith.constant 32 : index
      %off = arith.muli %row, %c32 : index
      %A = ktdp.construct_memory_view %a, sizes: [128, 32], strides: [32, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 31 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<128x32xf16>
      %A_m = memref.memory_space_cast %A : memref<128x32xf16> to memref<128x32xf16, "HBM">
      %tA = memref.reinterpret_cast %A_m to offset: [%off], sizes: [1, 32], strides: [32, 1] : memref<128x32xf16, "HBM"> to memref<1x32xf16, strided<[32, 1], offset: ?>, "HBM">
      %B = ktdp.construct_memory_view %b, sizes: [128, 32], strides: [32, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 31 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<128x32xf16>
      %B_m = memref.memory_space_cast %B : memref<128x32xf16> to memref<128x32xf16, "HBM">
      %tB = memref.reinterpret_cast %B_m to offset: [%off], sizes: [1, 32], strides: [32, 1] : memref<128x32xf16, "HBM"> to memref<1x32xf16, strided<[32, 1], offset: ?>, "HBM">
      %C = ktdp.construct_memory_view %c, sizes: [128, 32], strides: [32, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 31 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<128x32xf16>
      %C_m = memref.memory_space_cast %C : memref<128x32xf16> to memref<128x32xf16, "HBM">
      %tC = memref.reinterpret_cast %C_m to offset: [%off], sizes: [1, 32], strides: [32, 1] : memref<128x32xf16, "HBM"> to memref<1x32xf16, strided<[32, 1], offset: ?>, "HBM">
      ktdf.pipeline {
        %p:6 = ktdf.private -> (!ktdf.fifo.slot<"HBM" -> "VPU", 32xf16>, !ktdf.fifo.slot<"HBM" -> "VPU", 32xf16>, !ktdf.fifo.slot<"VPU" -> "HBM", 32xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fa, %fb = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"HBM" -> "VPU", 32xf16>, !ktdf.fifo.slot<"HBM" -> "VPU", 32xf16>
          %fc = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"VPU" -> "HBM", 32xf16>
          %t0 = ktdf.create_token : !ktdf.token
          %t1 = ktdf.create_token : !ktdf.token
          %t2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fa, %fb, %fc, %t0, %t1, %t2 : !ktdf.fifo.slot<"HBM" -> "VPU", 32xf16>, !ktdf.fifo.slot<"HBM" -> "VPU", 32xf16>, !ktdf.fifo.slot<"VPU" -> "HBM", 32xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#3) {
          ktdf.data_transfer from %tA[0, 0] size [1, 32] to %p#0 size [1, 32] : memref<1x32xf16, strided<[32, 1], offset: ?>, "HBM">, !ktdf.fifo.slot<"HBM" -> "VPU", 32xf16>
          ktdf.data_transfer from %tB[0, 0] size [1, 32] to %p#1 size [1, 32] : memref<1x32xf16, strided<[32, 1], offset: ?>, "HBM">, !ktdf.fifo.slot<"HBM" -> "VPU", 32xf16>
        }
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %x = ktdf.read_from_fifo %p#0 : <"HBM" -> "VPU", 32xf16> -> tensor<1x32xf16>
          %y = ktdf.read_from_fifo %p#1 : <"HBM" -> "VPU", 32xf16> -> tensor<1x32xf16>
          %e = tensor.empty() : tensor<1x32xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<1x32xf16>, tensor<1x32xf16>) outs(%e : tensor<1x32xf16>) {
          ^bb0(%u: f16, %v: f16, %w: f16):
            %z = arith.addf %u, %v : f16
            linalg.yield %z : f16
          } -> tensor<1x32xf16>
          ktdf.write_to_fifo %s, %p#2 : tensor<1x32xf16>, <"VPU" -> "HBM", 32xf16>
        } {applicable_units = ["VPU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#5) {
          ktdf.data_transfer from %p#2 size [1, 32] to %tC[0, 0] size [1, 32] : !ktdf.fifo.slot<"VPU" -> "HBM", 32xf16>, memref<1x32xf16, strided<[32, 1], offset: ?>, "HBM">
        }
      }
      return
    }
  }
}
